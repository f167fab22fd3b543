import { and, desc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  productColorImages,
  productColors,
  products,
  productSales,
  productSizes,
  productStock,
  productTranslations,
  productVariants,
} from '../../db/schema.js';
import {
  colourOf,
  fitOf,
  type KnownColour,
  missingColours,
  resolveVariants,
  saleNeedsWrite,
  setsColourBg,
  setsTexts,
  stockTrackedOf,
} from './import-decide.js';
import { productsByStyleCode, refusal } from './import-existing.js';
import { importIssue } from './import-issues.js';
import type { ImportIssue, PlannedProduct } from './import-parse.js';
import { same } from './import-snapshot.js';

/**
 * The dry run: what the apply would do to each planned product, read and compared, nothing
 * written. The products the file names are read a table at a time (one statement per table for
 * the whole file, only the columns compared), then each planned product is compared with the
 * decisions the apply writes by (`import-decide.ts`).
 */

export type Change = 'create' | 'update' | 'unchanged';

interface Current {
  product: { categoryId: number; priceCents: number; stockTracked: boolean; fit: object | null };
  texts: Map<string, { name: string; description: string; composition: string; care: string }>;
  colours: (KnownColour & { images: string[] })[];
  sizes: Set<string>;
  /** `colorId:size` → its row. */
  variants: Map<string, { sku: string; gtin: string | null }>;
  skuColour: Map<string, number>;
  /** `colorId:size` → on hand. */
  stock: Map<string, number>;
  sale: { priceCents: number; startsAt: Date; endsAt: Date | null } | null;
}

const BATCH = 500;

/** Every product's state the comparison needs, one statement per table per 500 products. */
async function readCurrent(db: Db, ids: number[]): Promise<Map<number, Current>> {
  const current = new Map<number, Current>();
  for (let from = 0; from < ids.length; from += BATCH) {
    const batch = ids.slice(from, from + BATCH);
    const [rows, texts, colours, images, sizes, variants, stock, sales] = await Promise.all([
      db
        .select({
          id: products.id,
          categoryId: products.categoryId,
          priceCents: products.priceCents,
          stockTracked: products.stockTracked,
          fit: products.fit,
        })
        .from(products)
        .where(inArray(products.id, batch)),
      db
        .select({
          productId: productTranslations.productId,
          language: productTranslations.language,
          name: productTranslations.name,
          description: productTranslations.description,
          composition: productTranslations.composition,
          care: productTranslations.care,
        })
        .from(productTranslations)
        .where(inArray(productTranslations.productId, batch)),
      db
        .select({
          productId: productColors.productId,
          id: productColors.id,
          name: productColors.colorName,
          nameBg: productColors.colorNameBg,
          position: productColors.position,
          imageUrl: productColors.imageUrl,
        })
        .from(productColors)
        .where(inArray(productColors.productId, batch))
        .orderBy(productColors.id),
      db
        .select({ colorId: productColorImages.colorId, url: productColorImages.url })
        .from(productColorImages)
        .innerJoin(productColors, sql`${productColors.id} = ${productColorImages.colorId}`)
        .where(inArray(productColors.productId, batch))
        .orderBy(productColorImages.colorId, productColorImages.position),
      db
        .select({ productId: productSizes.productId, size: productSizes.size })
        .from(productSizes)
        .where(inArray(productSizes.productId, batch)),
      db
        .select({
          productId: productVariants.productId,
          colorId: productVariants.colorId,
          size: productVariants.size,
          sku: productVariants.sku,
          gtin: productVariants.gtin,
        })
        .from(productVariants)
        .where(inArray(productVariants.productId, batch)),
      db
        .select({
          productId: productStock.productId,
          colorId: productStock.colorId,
          size: productStock.size,
          onHand: productStock.onHand,
        })
        .from(productStock)
        .where(inArray(productStock.productId, batch)),
      db
        .selectDistinctOn([productSales.productId], {
          productId: productSales.productId,
          priceCents: productSales.priceCents,
          startsAt: productSales.startsAt,
          endsAt: productSales.endsAt,
        })
        .from(productSales)
        .where(
          and(
            inArray(productSales.productId, batch),
            sql`(${productSales.endsAt} is null or ${productSales.endsAt} > now())`,
          ),
        )
        .orderBy(productSales.productId, desc(productSales.startsAt)),
    ]);
    for (const { id, ...product } of rows)
      current.set(id, {
        product,
        texts: new Map(),
        colours: [],
        sizes: new Set(),
        variants: new Map(),
        skuColour: new Map(),
        stock: new Map(),
        sale: null,
      });
    const of = (productId: number) => current.get(productId)!;
    for (const { productId, language, ...text } of texts) of(productId).texts.set(language, text);
    const pictures = new Map<number, string[]>();
    for (const { productId, imageUrl, ...colour } of colours) {
      const list = [imageUrl];
      pictures.set(colour.id, list);
      of(productId).colours.push({ ...colour, images: list });
    }
    for (const image of images) pictures.get(image.colorId)?.push(image.url);
    for (const { productId, size } of sizes) of(productId).sizes.add(size);
    for (const v of variants) {
      of(v.productId).variants.set(`${v.colorId}:${v.size}`, { sku: v.sku, gtin: v.gtin });
      of(v.productId).skuColour.set(v.sku, v.colorId);
    }
    for (const s of stock) of(s.productId).stock.set(`${s.colorId}:${s.size}`, s.onHand);
    for (const { productId, ...sale } of sales) of(productId).sale = sale;
  }
  return current;
}

/** Whether the apply would change the product: the apply's decisions, compared instead of written. */
export function wouldChange(plan: PlannedProduct, current: Current, now: Date): boolean {
  const { product } = current;
  const next = {
    categoryId: plan.categoryId,
    priceCents: plan.priceCents,
    stockTracked: stockTrackedOf(plan),
    fit: fitOf(plan, product.fit),
  };
  if (!same(next, product)) return true;
  for (const language of ['en', 'bg'] as const) {
    const text = current.texts.get(language);
    if (!text || (setsTexts(plan, language) && !same(plan.texts[language], text))) return true;
  }
  if (missingColours(plan, current.colours, current.skuColour).length > 0) return true;
  const { firstOfColour, newSizes, variants, stock } = resolveVariants(
    plan,
    current.colours,
    current.skuColour,
    current.sizes,
  );
  if (newSizes.length > 0) return true;
  for (const [colorId, variant] of firstOfColour) {
    const colour = current.colours.find((c) => c.id === colorId)!;
    if (setsColourBg(plan) && colour.nameBg !== variant.colorBg) return true;
    if (variant.images.length > 0 && !same(colour.images, variant.images)) return true;
  }
  for (const [key, row] of variants) {
    const held = current.variants.get(key);
    if (row === null ? held !== undefined : held?.sku !== row.sku || held.gtin !== row.gtin) return true;
  }
  for (const [key, row] of stock) if (current.stock.get(key) !== row.onHand) return true;
  return saleNeedsWrite(current.sale, plan.sale, now);
}

/**
 * The dry run of a plan: each product's change (create, update, unchanged), and the errors the
 * apply would meet (a deleted product's style code, a sale not below the price, a SKU another
 * product holds). A product with an error in its rows already (`errors`) is left out. Reads only.
 */
export async function dryRunPlan(
  db: Db,
  plan: PlannedProduct[],
  errors: ImportIssue[],
): Promise<{ product: PlannedProduct; change: Change }[]> {
  const existing = await productsByStyleCode(
    db,
    plan.map((product) => product.styleCode),
  );
  const skus = plan.flatMap((product) => product.variants.map((variant) => variant.sku)).filter(Boolean);
  const holders = new Map<string, { productId: number; colorId: number; size: string }>();
  for (let from = 0; from < skus.length; from += BATCH * 10)
    for (const row of await db
      .select({
        sku: productVariants.sku,
        productId: productVariants.productId,
        colorId: productVariants.colorId,
        size: productVariants.size,
      })
      .from(productVariants)
      .where(inArray(productVariants.sku, skus.slice(from, from + BATCH * 10))))
      holders.set(row.sku, row);
  const current = await readCurrent(
    db,
    [...existing.values()].filter((row) => !row.deletedAt).map((row) => row.id),
  );
  // A product whose rows have errors is not counted: the file is corrected before any apply.
  const wrong = new Set(errors.map((error) => error.row));
  const now = new Date();
  const changes: { product: PlannedProduct; change: Change }[] = [];
  for (const product of plan) {
    if (wrong.has(product.row) || product.variants.some((variant) => wrong.has(variant.row))) continue;
    const found = existing.get(product.styleCode);
    const refused = refusal(product, found);
    if (refused) {
      errors.push(refused);
      continue;
    }
    const state = found ? current.get(found.id) : undefined;
    if (skuTaken(product, found?.id, state, holders)) {
      errors.push(importIssue(product.row, 'sku', 'skuTaken'));
      continue;
    }
    changes.push({ product, change: !state ? 'create' : wouldChange(product, state, now) ? 'update' : 'unchanged' });
  }
  return changes;
}

/**
 * A SKU of the file another product holds, or one this product keeps on a colour × size the file
 * leaves as it is (the file moves it to another size): the unique SKU would refuse the apply.
 */
function skuTaken(
  product: PlannedProduct,
  productId: number | undefined,
  state: Current | undefined,
  holders: ReadonlyMap<string, { productId: number; colorId: number; size: string }>,
): boolean {
  return product.variants.some((variant) => {
    const holder = variant.sku ? holders.get(variant.sku) : undefined;
    if (!holder) return false;
    if (holder.productId !== productId || !state) return true;
    if (variant.size === holder.size) return false;
    return !product.variants.some(
      (other) =>
        other.size === holder.size && colourOf(state.colours, state.skuColour, other, product)?.id === holder.colorId,
    );
  });
}
