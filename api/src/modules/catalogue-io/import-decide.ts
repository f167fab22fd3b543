import { deriveSku, type Size } from '@shop/contract';
import type { PlannedProduct, PlannedSale, PlannedVariant } from './import-parse.js';

/**
 * What writing a planned product decides, without the database: the same functions for the apply
 * (`import-write.ts`, which then writes) and the dry run (`import-dry-run.ts`, which only compares),
 * so the dry run's counts are the apply's.
 */

/** A colour of the product as the import matches it. */
export interface KnownColour {
  id: number;
  name: string;
  nameBg: string;
  position: number;
}

/** A variant's row in `product_variants`: null when its SKU is the derived one and it has no GTIN. */
export type VariantRow = { colorId: number; size: Size; sku: string; gtin: string | null } | null;

/** Whether the file sets `language`'s texts of a product the shop has (a one-language file's other is a copy). */
export const setsTexts = (plan: PlannedProduct, language: 'en' | 'bg') => plan.copied !== language;

/** Whether the file sets the Bulgarian name of a colour the shop has (an English-only file does not say it). */
export const setsColourBg = (plan: PlannedProduct) => plan.copied !== 'bg';

export const stockTrackedOf = (plan: PlannedProduct) => plan.variants.some((variant) => variant.stock !== null);

export const firstImageOf = (plan: PlannedProduct) =>
  plan.variants.find((variant) => variant.images.length > 0)?.images[0] ?? '';

/** The product's fit: the file's type over the fit it has (its measurements kept). */
export function fitOf<F extends object>(plan: PlannedProduct, current: F | null): F | null {
  if (plan.fit) return { ...current, type: plan.fit } as unknown as F;
  return current ? { ...current, type: null } : null;
}

/**
 * The colour a variant names: the one holding its SKU, else the one of its English name, else (a
 * Bulgarian-only file's) the one of its Bulgarian name.
 */
export const colourOf = <C extends KnownColour>(
  colours: readonly C[],
  skuColour: ReadonlyMap<string, number>,
  variant: PlannedVariant,
  plan: Pick<PlannedProduct, 'copied'>,
): C | undefined =>
  colours.find((c) => c.id === skuColour.get(variant.sku)) ??
  colours.find((c) => c.name.toLowerCase() === variant.colorEn.toLowerCase()) ??
  (plan.copied === 'en' && variant.colorBg !== ''
    ? colours.find((c) => c.nameBg.toLowerCase() === variant.colorBg.toLowerCase())
    : undefined);

/** The colours the file names that the product lacks, in the file's order, each after the last. */
export function missingColours(
  plan: PlannedProduct,
  colours: readonly KnownColour[],
  skuColour: ReadonlyMap<string, number>,
): { name: string; nameBg: string; position: number }[] {
  const known = [...colours];
  const missing: { name: string; nameBg: string; position: number }[] = [];
  for (const variant of plan.variants) {
    if (colourOf(known, skuColour, variant, plan)) continue;
    const position = known.reduce((most, c) => Math.max(most, c.position + 1), 0);
    const colour = { id: -1 - missing.length, name: variant.colorEn, nameBg: variant.colorBg, position };
    known.push(colour);
    missing.push({ name: colour.name, nameBg: colour.nameBg, position });
  }
  return missing;
}

/**
 * The product's variants as the file wants them, every colour known: each colour's first variant
 * (its Bulgarian name and pictures), the sizes it lacks, each colour × size's variant row and stock
 * (a colour × size the file names twice: its last row wins).
 */
export function resolveVariants(
  plan: PlannedProduct,
  colours: readonly KnownColour[],
  skuColour: ReadonlyMap<string, number>,
  sizes: ReadonlySet<string>,
) {
  const firstOfColour = new Map<number, PlannedVariant>();
  const newSizes: Size[] = [];
  const seenSizes = new Set(sizes);
  const variants = new Map<string, VariantRow>();
  const stock = new Map<string, { colorId: number; size: Size; onHand: number }>();
  for (const variant of plan.variants) {
    const colour = colourOf(colours, skuColour, variant, plan);
    if (!colour) throw new Error(`No colour ${variant.colorEn}: missingColours first.`);
    if (!firstOfColour.has(colour.id)) firstOfColour.set(colour.id, variant);
    if (!seenSizes.has(variant.size)) {
      seenSizes.add(variant.size);
      newSizes.push(variant.size);
    }
    const derived = deriveSku(plan.styleCode, colour.name, colour.id, variant.size);
    const sku = variant.sku || derived;
    const key = `${colour.id}:${variant.size}`;
    // A SKU equal to the derived one is not stored by hand (unless a GTIN keeps the row).
    variants.delete(key);
    variants.set(
      key,
      sku === derived && !variant.gtin
        ? null
        : { colorId: colour.id, size: variant.size, sku, gtin: variant.gtin || null },
    );
    if (variant.stock !== null) {
      stock.delete(key);
      stock.set(key, { colorId: colour.id, size: variant.size, onHand: variant.stock });
    }
  }
  return { firstOfColour, newSizes, variants, stock };
}

/** Whether the product's open sale is the file's already (nothing to write), or must be replaced. */
export function saleNeedsWrite(
  open: { priceCents: number; startsAt: Date; endsAt: Date | null } | null | undefined,
  wanted: PlannedSale | null,
  now: Date,
): boolean {
  if (!wanted) return Boolean(open);
  const endsAt = wanted.endsAt ? new Date(wanted.endsAt) : null;
  if (endsAt && endsAt <= now) return false; // ended already: nothing to set
  return !(
    open &&
    open.priceCents === wanted.priceCents &&
    (open.endsAt?.toISOString() ?? null) === (endsAt?.toISOString() ?? null) &&
    (wanted.startsAt === null || open.startsAt.toISOString() === wanted.startsAt || open.startsAt <= now)
  );
}
