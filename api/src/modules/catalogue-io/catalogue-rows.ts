import { colorNameIn, type Language, type Product, type Size } from '@shop/contract';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { productVariants } from '../../db/schema.js';
import { productsAfter } from '../catalog/service.js';

/** Products read per query: the export and the feeds hold one batch at a time, whatever the catalogue's size. */
const BATCH = 100;

/** One colour × size of a product, with what the export and the feeds write of it. */
export interface VariantRow {
  product: Product;
  color: Product['colors'][number];
  size: Size;
  /** The SKU set by hand, else derived from the style code; '' with neither. */
  sku: string;
  gtin: string;
  /** What shoppers may still buy, on hand (tracked products), or null (untracked: unlimited). */
  available: number | null;
  onHand: number | null;
}

/**
 * Every product (or every published one), a batch at a time in id order (keyset), each with its
 * colour × size rows in the editor's order: colours by position, sizes XS … XXL.
 */
export async function* catalogueBatches(
  db: Db,
  { published }: { published: boolean },
): AsyncGenerator<{ product: Product; variants: VariantRow[] }[]> {
  for (let afterId = 0; ;) {
    const batch = await productsAfter(db, 'en', { afterId, limit: BATCH, published });
    if (batch.length === 0) return;
    const gtins = await gtinsOf(
      db,
      batch.map((product) => product.id),
    );
    yield batch.map((product) => ({ product, variants: variantRows(product, gtins) }));
    if (batch.length < BATCH) return;
    afterId = batch.at(-1)!.id;
  }
}

const key = (colorId: number, size: string) => `${colorId}:${size}`;

async function gtinsOf(db: Db, productIds: number[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ colorId: productVariants.colorId, size: productVariants.size, gtin: productVariants.gtin })
    .from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), isNotNull(productVariants.gtin)));
  return new Map(rows.map((row) => [key(row.colorId, row.size), row.gtin ?? '']));
}

function variantRows(product: Product, gtins: Map<string, string>): VariantRow[] {
  const skus = new Map((product.variants ?? []).map((variant) => [key(variant.colorId, variant.size), variant.sku]));
  const stock = new Map(product.stock.map((entry) => [key(entry.colorId, entry.size), entry]));
  return product.colors.flatMap((color) =>
    product.sizes.map(({ size }) => {
      const entry = stock.get(key(color.id, size));
      return {
        product,
        color,
        size,
        sku: skus.get(key(color.id, size)) ?? '',
        gtin: gtins.get(key(color.id, size)) ?? '',
        available: product.stockTracked ? (entry?.available ?? 0) : null,
        onHand: product.stockTracked ? (entry?.onHand ?? 0) : null,
      };
    }),
  );
}

/** A product's texts in `lang`, else in English, else the first it has. */
export function textsIn(product: Product, lang: Language) {
  const { translations } = product;
  const chosen =
    translations.find((t) => t.language === lang) ?? translations.find((t) => t.language === 'en') ?? translations[0];
  return {
    name: chosen?.name ?? '',
    description: chosen?.description ?? '',
    composition: chosen?.composition ?? '',
    care: chosen?.care ?? '',
  };
}

export const colourIn = (row: VariantRow, lang: Language) => colorNameIn(row.color, lang);

/** A colour's pictures in order (the first its own). */
export const imagesOf = (color: Product['colors'][number]): string[] =>
  color.images ?? (color.imageUrl ? [color.imageUrl] : []);
