import { QUANTITY_MAX, SizeSchema, type AddLine, type CartItem, type Language, type Size } from '@shop/contract';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { onSale, paidPrice, saleNow, sizeOffered, translationPreference } from '../../db/fragments.js';
import type { Db, Tx } from '../../db/client.js';
import { dbInt, queryRows } from '../../db/rows.js';
import { cartItems, products, wishlistItems } from '../../db/schema.js';
import { conflict, notFound, type AppError } from '../../lib/errors.js';
import { saleOf, SaleJsonSchema } from '../../db/sale-rows.js';
import { ownCheckoutHoldsSql } from '../orders/reads.js';
import { resolveLine, type LineKey } from './lines.js';

/**
 * What user `userId` may still put in the cart and check out of a variant of a tracked product:
 * the available stock plus what the user's own open checkout holds of it (a new checkout releases
 * that first). 0 when the product no longer comes in the size, tracked or not; otherwise NULL
 * when the product `productAlias` does not track stock.
 */
const availableToShopper = (userId: SQL, colorId: SQL, size: SQL, productAlias = 'p'): SQL =>
  sql`case when not ${sizeOffered(size, productAlias)} then 0
    when ${sql.identifier(productAlias)}.stock_tracked then greatest(
    coalesce((select ps.on_hand - ps.reserved from product_stock ps where ps.color_id = ${colorId} and ps.size = ${size}), 0)
    + ${ownCheckoutHoldsSql(userId, colorId, size)},
    0)::int end`;

/** A row of cartItemsSelect. */
const CartRowSchema = z.object({
  cart_item_id: z.number(),
  product_id: z.number(),
  name: z.string(),
  price_cents: z.number(),
  sale: SaleJsonSchema,
  size: SizeSchema,
  color_id: z.number(),
  color_name: z.string(),
  color_name_bg: z.string(),
  color_image: z.string(),
  product_image: z.string(),
  quantity: z.number(),
  available: z.number().nullable(),
  size_offered: z.boolean(),
});
type CartRow = z.infer<typeof CartRowSchema>;
/** addToCart's row: built once, as every row schema (a schema built per call costs ~170 µs, decision 0099). */
const AddedRowSchema = CartRowSchema.extend({ created: z.boolean() });

const LINE_NOT_FOUND = 'Cart item not found.';

/**
 * Units one line may hold: the shop's limit per colour and size in an order (a setting,
 * docs/decisions/0031), never above the contract's bound. Read in the statement that writes.
 */
const lineCap = sql`coalesce((select least(${QUANTITY_MAX}, max_units_per_variant) from shop_settings where id = 1), ${QUANTITY_MAX})`;

/**
 * The select that turns cart rows (`from`, aliased `ci`) into cart items: name in `lang`
 * (else English, else the first translation), price and images from the database. Lines of
 * products that are unpublished or deleted are left out; a line of a size the product no longer
 * comes in stays, with nothing available. One statement for any number of lines.
 */
function cartItemsSelect(from: SQL, lang: Language, extraColumns: SQL = sql``): SQL {
  return sql`
    select ci.id as cart_item_id, ci.product_id, ci.size, ci.quantity, ci.color_id,
      c.color_name, c.color_name_bg, c.image_url as color_image, p.image_url as product_image,
      ${paidPrice()} as price_cents, ${saleNow()} as sale, coalesce(tr.name, '') as name,
      ${availableToShopper(sql`ci.user_id`, sql`ci.color_id`, sql`ci.size`)} as available,
      ${sizeOffered(sql`ci.size`)} as size_offered ${extraColumns}
    from ${from} ci
    join products p on p.id = ci.product_id and ${onSale()}
    join product_colors c on c.id = ci.color_id
    left join lateral (
      select t.name from product_translations t where t.product_id = p.id
      order by ${translationPreference(lang)} limit 1
    ) tr on true`;
}

function toCartItem(row: CartRow): CartItem {
  const image = row.color_image || row.product_image;
  return {
    cartItemId: row.cart_item_id,
    productId: row.product_id,
    name: row.name,
    price: row.price_cents,
    sale: saleOf(row.sale),
    selectedSize: row.size,
    selectedColor: image,
    colorId: row.color_id,
    colorName: row.color_name,
    colorNameBg: row.color_name_bg,
    quantity: row.quantity,
    imageUrl: image,
    available: row.available,
    ...(row.size_offered ? {} : { sizeOffered: false }),
  };
}

export async function listCart(db: Db, userId: number, lang: Language): Promise<CartItem[]> {
  const rows = await queryRows(
    db,
    CartRowSchema,
    sql`${cartItemsSelect(sql`cart_items`, lang)} where ci.user_id = ${userId} order by ci.id`,
  );
  return rows.map(toCartItem);
}

/** True when the line's new quantity `total` fits what the user may still buy of its variant (or stock is not tracked). */
function fitsStock(userId: number, line: LineKey, total: SQL): SQL {
  const available = availableToShopper(sql`${userId}`, sql`${line.colorId}`, sql`${line.size}`);
  return sql`(select coalesce(${total} <= ${available}, true) from products p where p.id = ${line.productId})`;
}

export const stockMessage = (available: number) =>
  available <= 0 ? 'This size is sold out in this colour.' : `Only ${available} left in this size and colour.`;

const SIZE_GONE = 'This size is no longer available.';

const RefusalRowSchema = z.object({
  quantity: z.number().nullable(),
  available: z.number().nullable(),
  size_offered: z.boolean(),
  cap: dbInt,
});

/**
 * Why a line could not take a quantity: at the cap (409 MAX_QUANTITY) or above what is left of
 * its variant (409 OUT_OF_STOCK, saying how many are left). Read only once a write was refused.
 */
async function refusal(db: Db, userId: number, line: LineKey, wanted?: number): Promise<AppError> {
  const [row] = await queryRows(
    db,
    RefusalRowSchema,
    sql`
    select (select quantity from cart_items where user_id = ${userId} and color_id = ${line.colorId}
              and size = ${line.size}) as quantity,
      ${availableToShopper(sql`${userId}`, sql`${line.colorId}`, sql`${line.size}`)} as available,
      ${sizeOffered(sql`${line.size}`)} as size_offered, ${lineCap} as cap
    from products p where p.id = ${line.productId}`,
  );
  const cap = row?.cap ?? QUANTITY_MAX;
  // An add refused at the cap, or a quantity set above it.
  const atCap = wanted === undefined ? (row?.quantity ?? 0) >= cap : wanted > cap;
  if (atCap || row?.available === null || row?.available === undefined) {
    return conflict('MAX_QUANTITY', `Maximum quantity of ${cap} reached`);
  }
  const refused = conflict('OUT_OF_STOCK', row.size_offered ? stockMessage(row.available) : SIZE_GONE);
  refused.available = Math.max(0, row.available);
  return refused;
}

/**
 * Adds to the user's line of (product, colour, size), creating it if needed. The merge, the cap
 * and the stock check are one atomic statement: concurrent adds queue on the line's row lock,
 * each sees the committed quantity, and a line at the cap, or an add past what is left of a
 * tracked variant, changes nothing (no row comes back).
 */
export async function addToCart(
  db: Db,
  userId: number,
  input: AddLine,
  lang: Language,
): Promise<{ item: CartItem; created: boolean }> {
  const line = await resolveLine(db, input);
  const first = sql`least(${lineCap}, ${input.quantity}::int)`;
  const merged = sql`least(${lineCap}, cart_items.quantity + excluded.quantity)`;
  const upsert = sql`
    insert into cart_items (user_id, product_id, color_id, size, quantity)
    select ${userId}, ${line.productId}, ${line.colorId}, ${line.size}, ${first}
    where ${fitsStock(userId, line, first)}
    on conflict (user_id, product_id, color_id, size) do update
      set quantity = ${merged}, updated_at = now()
      where cart_items.quantity < ${lineCap} and ${fitsStock(userId, line, merged)}
    returning id, user_id, product_id, color_id, size, quantity, (xmax = 0) as created`;
  const [row] = await queryRows(
    db,
    AddedRowSchema,
    sql`with line as (${upsert}) ${cartItemsSelect(sql`line`, lang, sql`, ci.created`)}`,
  );
  if (!row) throw await refusal(db, userId, line);
  return { item: toCartItem(row), created: row.created };
}

/** Sets the quantity of one of the user's own lines; another user's line is "not found". */
export async function updateCartLine(
  db: Db,
  userId: number,
  cartItemId: number,
  quantity: number,
  lang: Language,
): Promise<CartItem> {
  const [owned] = await db
    .select({ productId: cartItems.productId, colorId: cartItems.colorId, size: cartItems.size })
    .from(cartItems)
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)));
  if (!owned) throw notFound(LINE_NOT_FOUND);
  const line = { ...owned, size: owned.size as Size };
  const update = sql`
    update cart_items set quantity = ${quantity}, updated_at = now()
    where id = ${cartItemId} and user_id = ${userId}
      and exists (select 1 from products p where p.id = cart_items.product_id and ${onSale()})
      and ${quantity} <= ${lineCap}
      and ${fitsStock(userId, line, sql`${quantity}`)}
    returning id, user_id, product_id, color_id, size, quantity`;
  const [row] = await queryRows(db, CartRowSchema, sql`with line as (${update}) ${cartItemsSelect(sql`line`, lang)}`);
  if (row) return toCartItem(row);
  const [still] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, cartItemId), isNotNull(products.publishedAt), isNull(products.deletedAt)));
  if (!still) throw notFound(LINE_NOT_FOUND);
  throw await refusal(db, userId, line, quantity);
}

export async function removeCartLine(db: Db, userId: number, cartItemId: number): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound(LINE_NOT_FOUND);
  // The cart changed: its last change is its lines' newest (the cart reminder waits from it: decision 0057).
  await db.update(cartItems).set({ updatedAt: new Date() }).where(eq(cartItems.userId, userId));
}

/**
 * Called by the admin's product deletion, inside its transaction: a deleted product leaves
 * every cart and wishlist.
 */
export async function removeProductFromCartsAndWishlists(db: Db | Tx, productId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.productId, productId));
  await db.delete(wishlistItems).where(eq(wishlistItems.productId, productId));
}
