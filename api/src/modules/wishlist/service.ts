import {
  ColorSchema,
  SizeSchema,
  TranslationSchema,
  type AddLine,
  type Language,
  type WishlistItem,
} from '@shop/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { colorsJson, onSale, paidPrice, saleNow, sizeOffered, translationPreference } from '../../db/fragments.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { wishlistItems } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { resolveLine } from '../cart/lines.js';
import { saleOf, SaleJsonSchema } from '../../db/sale-rows.js';
import { publishedRating, ratingOf, RatingJsonSchema } from '../../db/review-rows.js';

/** A row of wishlistSelect. */
const WishlistRowSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  size: SizeSchema,
  quantity: z.number(),
  color_id: z.number(),
  color_image: z.string(),
  hover_image: z.string(),
  product_image: z.string(),
  price_cents: z.number(),
  sale: SaleJsonSchema,
  translations: z.array(TranslationSchema).nullable(),
  colors: z.array(ColorSchema).nullable(),
  rating: RatingJsonSchema,
  size_offered: z.boolean(),
});
type WishlistRow = z.infer<typeof WishlistRowSchema>;

/**
 * Wishlist items of visible products with everything a card needs, in one statement. The
 * translations come with the request's language first.
 */
function wishlistSelect(where: SQL, lang: Language): SQL {
  return sql`
    select wi.id, wi.product_id, wi.size, wi.quantity, wi.color_id,
      c.image_url as color_image, c.hover_image, p.image_url as product_image,
      ${paidPrice()} as price_cents, ${saleNow()} as sale,
      ${sizeOffered(sql`wi.size`)} as size_offered, ${colorsJson()} as colors,
      ${publishedRating()} as rating,
      (select json_agg(json_build_object('language', t.language, 'name', t.name,
                'description', t.description, 'imageUrl', t.image_url)
              order by ${translationPreference(lang)})
         from product_translations t where t.product_id = p.id) as translations
    from wishlist_items wi
    join products p on p.id = wi.product_id and ${onSale()}
    join product_colors c on c.id = wi.color_id
    where ${where}
    order by wi.id`;
}

function toWishlistItem(row: WishlistRow): WishlistItem {
  const image = row.color_image || row.product_image;
  return {
    id: row.id,
    productId: row.product_id,
    selectedSize: row.size,
    selectedColor: image,
    colorId: row.color_id,
    quantity: row.quantity,
    product: {
      translations: row.translations ?? [],
      price: row.price_cents,
      sale: saleOf(row.sale),
      imageUrl: image,
      hoverImage: row.hover_image || image,
      colors: row.colors ?? [],
      rating: ratingOf(row.rating),
    },
    ...(row.size_offered ? {} : { sizeOffered: false }),
  };
}

export async function listWishlist(db: Db, userId: number, lang: Language): Promise<WishlistItem[]> {
  const rows = await queryRows(db, WishlistRowSchema, wishlistSelect(sql`wi.user_id = ${userId}`, lang));
  return rows.map(toWishlistItem);
}

/** Adds (product, colour, size) to the wishlist once: a second add answers the existing item. */
export async function addToWishlist(
  db: Db,
  userId: number,
  input: AddLine,
  lang: Language,
): Promise<{ item: WishlistItem; created: boolean }> {
  const line = await resolveLine(db, input);
  const inserted = await db
    .insert(wishlistItems)
    .values({ userId, ...line, quantity: input.quantity })
    .onConflictDoNothing({
      target: [wishlistItems.userId, wishlistItems.productId, wishlistItems.colorId, wishlistItems.size],
    })
    .returning({ id: wishlistItems.id });
  const created = inserted.length > 0;
  const key = sql`wi.user_id = ${userId} and wi.product_id = ${line.productId}
    and wi.color_id = ${line.colorId} and wi.size = ${line.size}`;
  const [row] = await queryRows(db, WishlistRowSchema, wishlistSelect(key, lang));
  // Only if the product was deleted or the item removed in the instant between the two statements.
  if (!row) throw notFound('Wishlist item not found.');
  return { item: toWishlistItem(row), created };
}

export async function removeWishlistItem(db: Db, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, userId)))
    .returning({ id: wishlistItems.id });
  if (removed.length === 0) throw notFound('Wishlist item not found.');
}
