import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
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
import { refreshPriorPrices } from '../sales/service.js';

/**
 * A product as the import compares and restores it (its row's fields and everything under it):
 * taken before and after an apply, compared before an undo, put back by the undo.
 */

/** A product as the import compares and restores it: its row's fields and everything under it. */
const SnapshotSchema = z.object({ snapshot: z.record(z.string(), z.unknown()).nullable() });
export type Snapshot = Record<string, unknown> | null;

export async function snapshot(tx: Tx | Db, productId: number): Promise<Snapshot> {
  const [row] = await queryRows(
    tx,
    SnapshotSchema,
    sql`select json_build_object(
      'product', (select json_build_object('categoryId', p.category_id, 'priceCents', p.price_cents,
        'stockTracked', p.stock_tracked, 'imageUrl', p.image_url, 'styleCode', p.style_code, 'fit', p.fit,
        'publishedAt', p.published_at, 'deletedAt', p.deleted_at, 'safety', p.safety, 'manufacturer', p.manufacturer,
        'finalSale', p.final_sale, 'hygieneSealed', p.hygiene_sealed) from products p where p.id = ${productId}),
      'translations', (select json_agg(json_build_object('language', t.language, 'name', t.name,
        'description', t.description, 'composition', t.composition, 'care', t.care, 'imageUrl', t.image_url)
        order by t.language) from product_translations t where t.product_id = ${productId}),
      'colors', (select json_agg(json_build_object('id', c.id, 'colorName', c.color_name, 'colorNameBg', c.color_name_bg,
        'imageUrl', c.image_url, 'hoverImage', c.hover_image, 'position', c.position,
        'images', (select coalesce(json_agg(i.url order by i.position), '[]') from product_color_images i where i.color_id = c.id))
        order by c.id) from product_colors c where c.product_id = ${productId}),
      'sizes', (select json_agg(s.size order by s.size) from product_sizes s where s.product_id = ${productId}),
      'variants', (select json_agg(json_build_object('colorId', v.color_id, 'size', v.size, 'sku', v.sku, 'gtin', v.gtin)
        order by v.color_id, v.size) from product_variants v where v.product_id = ${productId}),
      'stock', (select json_agg(json_build_object('colorId', s.color_id, 'size', s.size, 'onHand', s.on_hand)
        order by s.color_id, s.size) from product_stock s where s.product_id = ${productId}),
      'sales', (select json_agg(json_build_object('id', s.id, 'priceCents', s.price_cents, 'startsAt', s.starts_at,
        'endsAt', s.ends_at) order by s.id) from product_sales s where s.product_id = ${productId}
        and (s.ends_at is null or s.ends_at > now()))
    ) as snapshot where exists (select 1 from products where id = ${productId})`,
  );
  return row?.snapshot ?? null;
}

/** JSON with its keys in order: a snapshot kept in jsonb comes back with its keys reordered. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;
export const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

const fieldsOf = (snapshot: Snapshot) => (snapshot?.product ?? null) as Record<string, unknown> | null;

/**
 * Whether a product is now as the import left it (`kept`, the snapshot after its apply). The
 * product's own fields are compared as far as `kept` has them: an import applied before a field
 * was snapshotted (the safety panel's, since issue 52's undo check) is not refused for lacking it.
 */
export function unchangedSince(now: Snapshot, kept: Snapshot): boolean {
  const fields = fieldsOf(now);
  const keptFields = fieldsOf(kept);
  if (!now || !fields || !keptFields) return same(now, kept);
  const product = Object.fromEntries(Object.keys(keptFields).map((key) => [key, fields[key] ?? null]));
  return same({ ...now, product }, kept);
}

export interface RestorableSnapshot {
  product: { categoryId: number; priceCents: number; stockTracked: boolean; imageUrl: string; fit: unknown };
  translations:
    | {
        language: 'en' | 'bg';
        name: string;
        description: string;
        composition: string;
        care: string;
        imageUrl: string;
      }[]
    | null;
  colors:
    | {
        id: number;
        colorName: string;
        colorNameBg: string;
        imageUrl: string;
        hoverImage: string;
        position: number;
        images: string[];
      }[]
    | null;
  sizes: ('XS' | 'S' | 'M' | 'L' | 'XL' | 'XXL')[] | null;
  variants: { colorId: number; size: 'XS' | 'S' | 'M' | 'L' | 'XL' | 'XXL'; sku: string; gtin: string | null }[] | null;
  stock: { colorId: number; size: string; onHand: number }[] | null;
  sales: { id: number; priceCents: number; startsAt: string; endsAt: string | null }[] | null;
}

export async function restore(tx: Tx, productId: number, before: RestorableSnapshot): Promise<void> {
  const { product } = before;
  await tx
    .update(products)
    .set({
      categoryId: product.categoryId,
      priceCents: product.priceCents,
      stockTracked: product.stockTracked,
      imageUrl: product.imageUrl,
      fit: product.fit as never,
      updatedAt: new Date(),
    })
    .where(eq(products.id, productId));
  for (const t of before.translations ?? [])
    await tx
      .update(productTranslations)
      .set({ name: t.name, description: t.description, composition: t.composition, care: t.care })
      .where(and(eq(productTranslations.productId, productId), eq(productTranslations.language, t.language)));
  const colours = before.colors ?? [];
  const keep = colours.map((c) => c.id);
  await tx
    .delete(productColors)
    .where(
      and(eq(productColors.productId, productId), keep.length ? sql`${productColors.id} not in ${keep}` : sql`true`),
    );
  for (const c of colours) {
    await tx
      .update(productColors)
      .set({ colorNameBg: c.colorNameBg, imageUrl: c.imageUrl })
      .where(eq(productColors.id, c.id));
    await tx.delete(productColorImages).where(eq(productColorImages.colorId, c.id));
    if (c.images.length > 0)
      await tx
        .insert(productColorImages)
        .values(c.images.map((url, index) => ({ colorId: c.id, url, position: index + 1 })));
  }
  const sizes = before.sizes ?? [];
  await tx
    .delete(productSizes)
    .where(
      and(eq(productSizes.productId, productId), sizes.length ? sql`${productSizes.size} not in ${sizes}` : sql`true`),
    );
  await tx.delete(productVariants).where(eq(productVariants.productId, productId));
  if (before.variants?.length)
    await tx.insert(productVariants).values(before.variants.map((v) => ({ productId, ...v })));
  await tx
    .delete(productStock)
    .where(
      and(
        eq(productStock.productId, productId),
        sql`(color_id, size) not in (select (e->>'colorId')::int, e->>'size' from json_array_elements(${JSON.stringify(before.stock ?? [])}::json) e)`,
      ),
    );
  for (const s of before.stock ?? [])
    await tx
      .update(productStock)
      .set({ onHand: s.onHand })
      .where(and(eq(productStock.colorId, s.colorId), eq(productStock.size, s.size)));
  // The open sales: the import's own go, those it ended or dropped come back as they were.
  const sales = before.sales ?? [];
  const ids = sales.map((sale) => sale.id);
  await tx
    .delete(productSales)
    .where(
      and(
        eq(productSales.productId, productId),
        sql`(${productSales.endsAt} is null or ${productSales.endsAt} > now())`,
        ids.length ? sql`${productSales.id} not in ${ids}` : sql`true`,
      ),
    );
  for (const sale of sales) {
    const values = {
      id: sale.id,
      productId,
      priceCents: sale.priceCents,
      priorPriceCents: sale.priceCents,
      startsAt: new Date(sale.startsAt),
      endsAt: sale.endsAt ? new Date(sale.endsAt) : null,
    };
    await tx
      .insert(productSales)
      .values(values)
      .onConflictDoUpdate({ target: productSales.id, set: { endsAt: values.endsAt } });
  }
  if (sales.length) await refreshPriorPrices(tx, productId);
}
