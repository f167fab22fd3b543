import {
  CATEGORY_IDS,
  type Category,
  type Language,
  type Product,
  ProductSchema,
  VariantSchema,
  productVariants,
} from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { availableStock, colorsJson, onSale, paidPrice, saleNow, sizeOrder } from '../../db/fragments.js';
import { queryRows } from '../../db/rows.js';
import { notFound } from '../../lib/errors.js';
import { saleOf, SaleJsonSchema, scheduledSale, scheduledSaleOf, ScheduledSaleJsonSchema } from '../../db/sale-rows.js';
import { publishedRating, ratingOf, RatingJsonSchema } from '../../db/review-rows.js';

/** Category names live with the translations of the UI; the database keeps ids and slugs. */
const CATEGORY_NAMES: Record<Language, Record<number, string>> = {
  en: { 1: 'Elegance', 2: 'Pump Covers', 3: 'Confidence' },
  bg: { 1: 'Елегантност', 2: 'Pump Covers', 3: 'Увереност' },
};

export function listCategories(lang: Language): Category[] {
  return CATEGORY_IDS.map((id) => ({ id, name: CATEGORY_NAMES[lang][id] ?? '' }));
}

/** A row of productQuery: its aggregated JSON is checked against the contract's own shapes. */
const ProductRowSchema = z.object({
  id: z.number(),
  category_id: z.number(),
  price_cents: z.number(),
  regular_price_cents: z.number(),
  sale: SaleJsonSchema,
  scheduled_sale: ScheduledSaleJsonSchema.optional(),
  image_url: z.string(),
  published: z.boolean(),
  translations: ProductSchema.shape.translations.nullable(),
  colors: ProductSchema.shape.colors.nullable(),
  sizes: ProductSchema.shape.sizes.nullable(),
  stock_tracked: z.boolean(),
  stock: ProductSchema.shape.stock.nullable(),
  rating: RatingJsonSchema,
  style_code: z.string().nullable(),
  fit: ProductSchema.shape.fit,
  safety: ProductSchema.shape.safety,
  manufacturer: ProductSchema.shape.manufacturer,
  final_sale: z.boolean(),
  hygiene_sealed: z.boolean(),
  set_skus: z.array(VariantSchema).nullable(),
});
type ProductRow = z.infer<typeof ProductRowSchema>;

/**
 * One statement per read, whatever the number of products: translations, colours and sizes
 * are aggregated as JSON beside each product row.
 */
function productQuery(
  where: SQL,
  { limit, admin = false, byId = false }: { limit?: number; admin?: boolean; byId?: boolean } = {},
): SQL {
  const counts = admin ? sql`, 'onHand', coalesce(ps.on_hand, 0), 'reserved', coalesce(ps.reserved, 0)` : sql``;
  return sql`
    select p.id, p.category_id, ${paidPrice()} as price_cents, p.price_cents as regular_price_cents,
      ${saleNow()} as sale, ${admin ? sql`${scheduledSaleOf()} as scheduled_sale,` : sql``}
      p.image_url, p.published_at is not null as published, p.stock_tracked, p.style_code, p.fit,
      p.safety, p.manufacturer, p.final_sale, p.hygiene_sealed,
      (select json_agg(json_build_object('colorId', v.color_id, 'size', v.size, 'sku', v.sku))
         from product_variants v where v.product_id = p.id) as set_skus,
      case when p.stock_tracked then
        (select json_agg(json_build_object('colorId', c.id, 'size', s.size, 'available', ${availableStock()} ${counts})
                order by c.position, c.id, ${sizeOrder(sql`s.size`)})
           from product_colors c
           join product_sizes s on s.product_id = p.id
           left join product_stock ps on ps.color_id = c.id and ps.size = s.size
           where c.product_id = p.id)
      end as stock,
      ${publishedRating()} as rating,
      (select json_agg(json_build_object('language', t.language, 'name', t.name,
                'description', t.description, 'imageUrl', t.image_url, 'composition', t.composition, 'care', t.care)
                order by t.language = 'bg', t.language)
         from product_translations t where t.product_id = p.id) as translations,
      ${colorsJson()} as colors,
      (select json_agg(json_build_object('id', s.id, 'size', s.size)
                order by ${sizeOrder(sql`s.size`)})
         from product_sizes s where s.product_id = p.id) as sizes
    from products p
    where ${where}
    order by ${byId ? sql`p.id` : sql`p.category_id, p.id`}
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

/** Name and description in `lang`, else English, else the first translation. */
export function toProduct(row: ProductRow, lang: Language): Product {
  const translations = row.translations ?? [];
  const chosen =
    translations.find((t) => t.language === lang) ?? translations.find((t) => t.language === 'en') ?? translations[0];
  return {
    id: row.id,
    name: chosen?.name ?? '',
    description: chosen?.description ?? '',
    price: row.price_cents,
    regularPrice: row.regular_price_cents,
    sale: saleOf(row.sale),
    ...(row.scheduled_sale === undefined ? {} : { scheduledSale: scheduledSale(row.scheduled_sale) }),
    categoryId: row.category_id,
    imageUrl: row.image_url,
    published: row.published,
    translations,
    colors: row.colors ?? [],
    sizes: row.sizes ?? [],
    stockTracked: row.stock_tracked,
    stock: row.stock ?? [],
    rating: ratingOf(row.rating),
    styleCode: row.style_code,
    variants: productVariants(
      row.style_code,
      row.colors ?? [],
      (row.sizes ?? []).map(({ size }) => size),
      row.set_skus ?? [],
    ),
    fit: row.fit ?? null,
    safety: row.safety ?? null,
    manufacturer: row.manufacturer ?? null,
    finalSale: row.final_sale,
    hygieneSealed: row.hygiene_sealed,
  };
}

const visible = onSale();

/** Published products, by category and then id: of one category, and the first `limit`, if asked. */
export async function listProducts(
  db: Db,
  lang: Language,
  { categoryId, limit }: { categoryId?: number; limit?: number } = {},
): Promise<Product[]> {
  const where = categoryId === undefined ? visible : sql`${visible} and p.category_id = ${categoryId}`;
  const rows = await queryRows(db, ProductRowSchema, productQuery(where, { limit }));
  return rows.map((row) => toProduct(row, lang));
}

/** Admins may read unpublished products (never deleted ones), and see stock on hand and held. */
export async function getProduct(db: Db, id: number, lang: Language, admin = false): Promise<Product> {
  const where = admin ? sql`p.id = ${id} and p.deleted_at is null` : sql`p.id = ${id} and ${visible}`;
  const [row] = await queryRows(db, ProductRowSchema, productQuery(where, { admin }));
  if (!row) throw notFound('Product not found');
  return toProduct(row, lang);
}

/** Every product that is not deleted, published or not: the admin's product list. */
export async function listAllProducts(db: Db, lang: Language): Promise<Product[]> {
  const rows = await queryRows(db, ProductRowSchema, productQuery(sql`p.deleted_at is null`, { admin: true }));
  return rows.map((row) => toProduct(row, lang));
}

/**
 * The next `limit` products after id `afterId`, in id order, as the admin reads them (stock on hand,
 * the sale to come): what the catalogue's export and feeds read a batch at a time (keyset), so
 * that memory stays flat however many products there are. `published`: only what shoppers see.
 */
export async function productsAfter(
  db: Db,
  lang: Language,
  { afterId, limit, published }: { afterId: number; limit: number; published: boolean },
): Promise<Product[]> {
  const where = sql`p.id > ${afterId} and ${published ? visible : sql`p.deleted_at is null`}`;
  const rows = await queryRows(db, ProductRowSchema, productQuery(where, { admin: true, byId: true, limit }));
  return rows.map((row) => toProduct(row, lang));
}
