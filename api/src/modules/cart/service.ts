import { QUANTITY_MAX, type AddLine, type CartItem, type Language, type Size } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { resolveLine, visibleProduct } from './lines.js';

interface CartRow {
  cart_item_id: number;
  product_id: number;
  name: string;
  price_cents: number;
  size: Size;
  color_id: number;
  color_name: string;
  color_image: string;
  product_image: string;
  quantity: number;
}

const LINE_NOT_FOUND = 'Cart item not found.';

/**
 * The select that turns cart rows (`from`, aliased `ci`) into cart items: name in `lang`
 * (else English, else the first translation), price and images from the database. Lines of
 * products that are unpublished or deleted are left out. One statement for any number of lines.
 */
function cartItemsSelect(from: SQL, lang: Language, extraColumns: SQL = sql``): SQL {
  return sql`
    select ci.id as cart_item_id, ci.product_id, ci.size, ci.quantity, ci.color_id,
      c.color_name, c.image_url as color_image, p.image_url as product_image, p.price_cents,
      coalesce(tr.name, '') as name ${extraColumns}
    from ${from} ci
    join products p on p.id = ci.product_id and ${visibleProduct}
    join product_colors c on c.id = ci.color_id
    left join lateral (
      select t.name from product_translations t where t.product_id = p.id
      order by t.language = ${lang} desc, t.language = 'en' desc, t.language limit 1
    ) tr on true`;
}

function toCartItem(row: CartRow): CartItem {
  const image = row.color_image || row.product_image;
  return {
    cartItemId: row.cart_item_id,
    productId: row.product_id,
    name: row.name,
    price: row.price_cents / 100,
    selectedSize: row.size,
    selectedColor: image,
    colorId: row.color_id,
    colorName: row.color_name,
    quantity: row.quantity,
    imageUrl: image,
  };
}

export async function listCart(db: Db, userId: number, lang: Language): Promise<CartItem[]> {
  const result = await db.execute(
    sql`${cartItemsSelect(sql`cart_items`, lang)} where ci.user_id = ${userId} order by ci.id`,
  );
  return rowsOf<CartRow>(result).map(toCartItem);
}

/**
 * Adds to the user's line of (product, colour, size), creating it if needed. The merge and the
 * cap are one atomic statement: concurrent adds queue on the line's row lock, each sees the
 * committed quantity, and a line already at the cap is left untouched (no row comes back).
 */
export async function addToCart(
  db: Db,
  userId: number,
  input: AddLine,
  lang: Language,
): Promise<{ item: CartItem; created: boolean }> {
  const line = await resolveLine(db, input);
  const upsert = sql`
    insert into cart_items (user_id, product_id, color_id, size, quantity)
    values (${userId}, ${line.productId}, ${line.colorId}, ${line.size}, ${input.quantity})
    on conflict (user_id, product_id, color_id, size) do update
      set quantity = least(${QUANTITY_MAX}, cart_items.quantity + excluded.quantity), updated_at = now()
      where cart_items.quantity < ${QUANTITY_MAX}
    returning id, user_id, product_id, color_id, size, quantity, (xmax = 0) as created`;
  const result = await db.execute(sql`with line as (${upsert}) ${cartItemsSelect(sql`line`, lang, sql`, ci.created`)}`);
  const row = rowsOf<CartRow & { created: boolean }>(result)[0];
  if (!row) throw conflict('MAX_QUANTITY', `Maximum quantity of ${QUANTITY_MAX} reached`);
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
  const update = sql`
    update cart_items set quantity = ${quantity}, updated_at = now()
    where id = ${cartItemId} and user_id = ${userId}
      and exists (select 1 from products p where p.id = cart_items.product_id and ${visibleProduct})
    returning id, product_id, color_id, size, quantity`;
  const result = await db.execute(sql`with line as (${update}) ${cartItemsSelect(sql`line`, lang)}`);
  const row = rowsOf<CartRow>(result)[0];
  if (!row) throw notFound(LINE_NOT_FOUND);
  return toCartItem(row);
}

export async function removeCartLine(db: Db, userId: number, cartItemId: number): Promise<void> {
  const result = await db.execute(
    sql`delete from cart_items where id = ${cartItemId} and user_id = ${userId} returning id`,
  );
  if (rowsOf(result).length === 0) throw notFound(LINE_NOT_FOUND);
}

/**
 * Called by the admin's product deletion, inside its transaction: a deleted product leaves
 * every cart and wishlist.
 */
export async function removeProductFromCartsAndWishlists(db: Db | Tx, productId: number): Promise<void> {
  await db.execute(sql`delete from cart_items where product_id = ${productId}`);
  await db.execute(sql`delete from wishlist_items where product_id = ${productId}`);
}
