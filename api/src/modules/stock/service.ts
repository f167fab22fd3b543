import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { intArray, sizeOffered } from '../../db/fragments.js';
import { preparedRows } from '../../db/prepared.js';
import { AppError } from '../../lib/errors.js';

/**
 * Stock per colour and size (docs/decisions/0021). Every statement that changes several variants
 * first locks their rows in one order (colour id, then size): two transactions that touch the
 * same variants always wait for each other, never for each other in a circle.
 */

/**
 * Locks the product_stock rows of the variants `variants` lists (a query of `color_id, size`).
 * Locks are taken shopper first (`lockShopper`), then order rows, then stock rows: a
 * transaction that holds stock rows never waits for an order row.
 */
export async function lockVariants(tx: Tx, variants: SQL): Promise<void> {
  await tx.execute(lockingStock(variants));
}

/**
 * The query that locks those rows in the fixed order, answering what is available of each (a
 * row locked FOR UPDATE is read as its newest version under READ COMMITTED: what a checkout that
 * held it a moment ago reserved is counted).
 */
const lockingStock = (variants: SQL) => sql`
  select color_id, size, on_hand - reserved as available from product_stock
  where (color_id, size) in (${variants})
  order by color_id, size
  for update`;

/** The variants of the user's cart lines of products that track stock. */
export const variantsOfCart = (userId: number | SQLWrapper) =>
  sql`select c.color_id, c.size from cart_items c join products p on p.id = c.product_id and p.stock_tracked
      where c.user_id = ${userId}`;

/** The ids as an SQL list (never empty: `in ()` is no SQL; no order has id 0). */
const idList = (ids: number[]) =>
  ids.length === 0
    ? sql`0`
    : sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );

/** The variants the orders' lines hold stock of. */
export const variantsOfOrders = (orderIds: number[]) =>
  sql`select oi.color_id, oi.size from order_items oi
      where oi.order_id in (${idList(orderIds)}) and oi.stock_quantity > 0`;

/** What the lines of the orders hold, summed per variant. */
const heldBy = (orderIds: number[]) =>
  sql`(select oi.color_id, oi.size, sum(oi.stock_quantity)::int as quantity from order_items oi
       where oi.order_id in (${idList(orderIds)}) and oi.stock_quantity > 0
       group by oi.color_id, oi.size) held`;

/** Gives back what the (pending) orders reserved: their checkout closed without a payment. */
export async function releaseReservations(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await lockVariants(tx, variantsOfOrders(orderIds));
  await tx.execute(sql`
    update product_stock ps set reserved = greatest(ps.reserved - held.quantity, 0), updated_at = now()
    from ${heldBy(orderIds)}
    where ps.color_id = held.color_id and ps.size = held.size`);
}

/** A pending order is paid: what it reserved is sold (leaves on hand and the reservation). */
export async function sellReservation(tx: Tx, orderId: number): Promise<void> {
  await lockVariants(tx, variantsOfOrders([orderId]));
  await tx.execute(sql`
    update product_stock ps
    set on_hand = greatest(ps.on_hand - held.quantity, 0), reserved = greatest(ps.reserved - held.quantity, 0),
      updated_at = now()
    from ${heldBy([orderId])}
    where ps.color_id = held.color_id and ps.size = held.size`);
}

/**
 * Sold without a reservation: a payment that came after its checkout was closed (the money was
 * taken: what is left is taken, never below 0) or an order placed at once (cash on delivery).
 */
export async function sellUnreserved(tx: Tx, orderId: number): Promise<void> {
  await lockVariants(tx, variantsOfOrders([orderId]));
  await tx.execute(sql`
    update product_stock ps set on_hand = greatest(ps.on_hand - held.quantity, 0), updated_at = now()
    from ${heldBy([orderId])}
    where ps.color_id = held.color_id and ps.size = held.size`);
}

/** Puts what the orders sold back on hand (a cancelled or returned order). */
export async function restock(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await lockVariants(tx, variantsOfOrders(orderIds));
  await tx.execute(sql`
    update product_stock ps set on_hand = ps.on_hand + held.quantity, updated_at = now()
    from ${heldBy(orderIds)}
    where ps.color_id = held.color_id and ps.size = held.size`);
}

/** A cart line above what is left of its variant. */
export interface Shortfall {
  cartItemId: number;
  available: number;
}

export class OutOfStockError extends AppError {
  constructor(lines: Shortfall[]) {
    super(
      'OUT_OF_STOCK',
      lines.length === 1
        ? 'A line of your cart is above what is left in stock.'
        : 'Some lines of your cart are above what is left in stock.',
    );
    this.lines = lines;
  }
}

const CART_SIZE_OFFERED = sizeOffered(sql`c.size`);
const ShortfallRowSchema = z.object({ cart_item_id: z.number(), available: z.number(), quantity: z.number() });

/**
 * Locks the stock of every tracked variant in the user's cart (in the fixed order) and answers
 * the lines above what is available, in one statement: the rows stay locked for a round trip
 * less. A line of a size the product no longer comes in has nothing available, tracked or not.
 *
 * `replacing`: the shopper's earlier checkouts, which this one cancels and whose stock its
 * order's statement gives back (`insertOrder`'s `release`): their variants are locked with the
 * cart's, and what they hold counts as available (decision 0091). Without them, call after the
 * earlier checkout was released.
 */
export async function cartShortfalls(tx: Tx, userId: number, replacing: number[] = []): Promise<Shortfall[]> {
  const lines =
    replacing.length === 0
      ? await preparedRows(
          tx,
          ShortfallRowSchema,
          'cart_shortfalls',
          ($) => shortfalls($.userId, lockingStock(variantsOfCart($.userId))),
          { userId },
        )
      : await preparedRows(
          tx,
          ShortfallRowSchema,
          'cart_shortfalls_replacing',
          ($) => shortfalls($.userId, lockingStockBack(variantsOfCart($.userId)), heldSql($.replacing)),
          { userId, replacing: intArray(replacing) },
        );
  return lines
    .filter((line) => line.quantity > line.available)
    .map((line) => ({ cartItemId: line.cart_item_id, available: line.available }));
}

/**
 * The cart's lines with what is available of each, from `locked` (a query that locks and answers
 * `available`; it may read `held`).
 */
const shortfalls = (userId: SQLWrapper, locked: SQL, held?: SQL) => sql`
    with ${held ? sql`held as materialized (${held}),` : sql``} locked as materialized (${locked})
    select c.id as cart_item_id,
      case when ${CART_SIZE_OFFERED} then greatest(coalesce(l.available, 0), 0) else 0 end::int as available,
      c.quantity
    from cart_items c
    join products p on p.id = c.product_id and p.published_at is not null and p.deleted_at is null
    left join locked l on l.color_id = c.color_id and l.size = c.size
    where c.user_id = ${userId} and (p.stock_tracked or not ${CART_SIZE_OFFERED})
    order by c.id`;

/** What the orders of `$ids` (an array parameter) hold, per variant: `color_id, size, quantity`. */
export const heldSql = (ids: SQLWrapper) =>
  sql`select oi.color_id, oi.size, sum(oi.stock_quantity)::int as quantity from order_items oi
      where oi.order_id = any(${ids}::int[]) and oi.stock_quantity > 0
      group by oi.color_id, oi.size`;

/**
 * As `lockingStock`, the cart's variants and those `held` holds (a CTE of `heldSql`), with what
 * `held` holds counted as available: as if given back first (`releaseReservations`' update).
 */
const lockingStockBack = (variants: SQL) => sql`
  select ps.color_id, ps.size, ps.on_hand - greatest(ps.reserved - coalesce(
      (select h.quantity from held h where h.color_id = ps.color_id and h.size = ps.size), 0), 0) as available
  from product_stock ps
  where (ps.color_id, ps.size) in (${variants} union select h.color_id, h.size from held h)
  order by ps.color_id, ps.size
  for update`;
