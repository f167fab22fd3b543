import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  min,
  ne,
  not,
  or,
  sql,
  sum,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { OrderStatus } from '@shop/contract';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, refunds, users } from '../../db/schema.js';
import { testPaymentWhere } from './test-payment.js';
import type { OrderRow } from './store.js';

/**
 * What other modules ask of the orders table beyond one order (store.ts): the order core answers
 * them, so that no other module names the table (docs/decisions/0049). Where a statement of
 * another module must read orders in the same round trip, it embeds a fragment made here.
 */

/** Orders that were bought and received: delivered, and not closed without a sale. */
export const wasReceived = (row: Pick<OrderRow, 'fulfilment' | 'status'>) =>
  row.fulfilment === 'delivered' && ['placed', 'paid', 'refunded'].includes(row.status);

/**
 * The line of a received order (`wasReceived`) of the shopper's that holds the product, the most
 * recently delivered first (a review names what was bought), or undefined: they never received it.
 */
export async function receivedLine(db: Db, userId: number, productId: number) {
  const [line] = await db
    .select({
      orderId: orders.id,
      size: orderItems.size,
      colorName: orderItems.colorName,
      colorNameBg: orderItems.colorNameBg,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.productId, productId),
        eq(orders.fulfilment, 'delivered'),
        inArray(orders.status, ['placed', 'paid', 'refunded']),
      ),
    )
    .orderBy(sql`${orders.deliveredAt} desc nulls last`, desc(orders.id), asc(orderItems.id))
    .limit(1);
  return line;
}

/** The ids of the orders in a fulfilment state, as a subquery (the courier's parcels still carried). */
export const idsOfOrdersIn = (db: Db | Tx, fulfilment: OrderRow['fulfilment']) =>
  db.select({ id: orders.id }).from(orders).where(eq(orders.fulfilment, fulfilment));

/** Orders by status, straight from the table: statuses added later appear without a change (the metrics). */
export async function ordersByStatus(db: Db): Promise<{ status: string; count: number }[]> {
  return db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status);
}

/**
 * An order that holds (or used) its discount code: any but a cancelled, expired or failed one, and
 * a checkout only until its expiry (the code is free for others then, before a sweep closes it).
 */
const holdsItsCode = (alias: string) => {
  const o = sql.identifier(alias);
  return sql`${o}.status not in ('cancelled', 'expired', 'failed') and not (${o}.status = 'pending' and ${o}.expires_at <= now())`;
};

/** How many orders hold the code whose id `codeId` names (a column of the caller's statement). */
export const codeUsesSql = (codeId: SQL) =>
  sql<number>`(select count(*)::int from orders o where o.discount_code_id = ${codeId} and ${holdsItsCode('o')})`;

/** An address as one customer's: lower case, without a `+tag` (Ana+2@x.bg is ana@x.bg). */
const emailKey = (email: SQL) => sql`regexp_replace(lower(${email}), '[+][^@]*@', '@')`;
/** A phone as one customer's: its last nine digits (+359 88 123 4567 is 088 123 4567). */
const phoneKey = (phone: SQL) => sql`right(regexp_replace(${phone}, '[^0-9]', '', 'g'), 9)`;

/**
 * The uses of a discount code held now (`all`), and those of one customer (`mine`): the account's
 * orders, and any other account's to the same address or (at checkout) delivered to the same
 * phone: a second account does not make a second customer. The shopper's own open checkout is
 * left out: their next checkout replaces it and gives back its holds first.
 */
export async function codeUses(
  tx: Db | Tx,
  codeId: number,
  { userId, phone }: { userId: number; phone?: string | undefined },
): Promise<{ all: number; mine: number }> {
  const sameCustomer = or(
    eq(orders.userId, userId),
    sql`${emailKey(sql`${orders.email}`)} = (select ${emailKey(sql`u.email`)} from users u where u.id = ${userId})`,
    phone === undefined
      ? undefined
      : sql`${phoneKey(sql`${orders.delivery} ->> 'phone'`)} = ${phoneKey(sql`${phone}::text`)}`,
  );
  const [held] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${sameCustomer}))::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.discountCodeId, codeId),
        sql`${orders.status} not in ('cancelled', 'expired', 'failed')`,
        sql`not (${orders.status} = 'pending' and ${orders.expiresAt} <= now())`,
        not(and(eq(orders.userId, userId), eq(orders.status, 'pending'))!),
      ),
    );
  return held ?? { all: 0, mine: 0 };
}

/**
 * When the shopper's earliest hold on a code that has not lapsed ends (a checkout they replaced,
 * cancelled or failed to pay), or null: a new checkout holds it no longer.
 */
export async function earliestCodeHold(tx: Tx, userId: number, codeId: number): Promise<Date | null> {
  const [earliest] = await tx
    .select({ at: min(orders.expiresAt) })
    .from(orders)
    .where(
      and(
        eq(orders.discountCodeId, codeId),
        eq(orders.userId, userId),
        inArray(orders.status, ['pending', 'cancelled', 'failed']),
        sql`${orders.expiresAt} > now()`,
      ),
    );
  return earliest?.at ?? null;
}

/**
 * `status = '<status>'` of the `orders` row named `o`, in a lookup of one shopper's or one order's
 * rows: written so that the planner takes them by the shopper or by the order, never through an
 * index that has the status (decision 0102). Statistics taken while few checkouts were open make
 * the open ones look rare, and each checkout of a burst would then walk every open one.
 */
export const ownStatusIs = (o: SQL, status: OrderStatus) => sql`(${o}.status = ${sql.raw(`'${status}'`)}) is true`;

/**
 * The shopper's open checkout (the one a new checkout replaces), locked, with when its hold ends
 * in ms (`id, expires_ms`): the body of a CTE of the checkout's one statement (checkout/limits.ts).
 */
export const lockedCheckoutsSql = (userId: number | SQLWrapper) =>
  sql`select id, floor(extract(epoch from expires_at) * 1000)::float8 as expires_ms from orders
    where user_id = ${userId} and ${ownStatusIs(sql`orders`, 'pending')}
    for update`;

/** How many of the shopper's cash-on-delivery orders are placed and not yet shipped (an int). */
export const openCodOrdersSql = (userId: number | SQLWrapper) =>
  sql`(select count(*) from orders where user_id = ${userId} and payment_method = 'cod'
    and ${ownStatusIs(sql`orders`, 'placed')} and fulfilment = 'unfulfilled')::int`;

/** Whether an order of the shopper's was ever delivered. */
export const everDeliveredSql = (userId: number | SQLWrapper) =>
  sql`exists (select 1 from orders where user_id = ${userId} and delivered_at is not null)`;

/** Instants from `start` up to `end` (a calendar month of the audit file). */
export interface Period {
  start: Date;
  end: Date;
}

/**
 * Which orders are sales of a file of the shop's: those taken in `currency`, and test payments
 * only where they stand in for real ones (`testPayments`: a shop in development).
 */
export interface SalesScope {
  currency: string;
  testPayments: boolean;
}

const deliveredIn = (period: Period) => and(gte(orders.deliveredAt, period.start), lt(orders.deliveredAt, period.end));
const inScope = (scope: SalesScope) =>
  and(eq(orders.currency, scope.currency), scope.testPayments ? undefined : not(testPaymentWhere));

/**
 * The orders delivered in the period: how many, how many are sales of the scope, and how many are
 * left out of it: for their currency (taken while the shop sold in another, which `currencies`
 * names) or, of the rest, as test payments. They add up: delivered = sales + otherCurrency + testPayments.
 */
export async function deliveredCounts(db: Db, period: Period, scope: SalesScope) {
  const inCurrency = eq(orders.currency, scope.currency);
  const [counts] = await db
    .select({
      delivered: sql<number>`count(*)::int`,
      sales: sql<number>`(count(*) filter (where ${inScope(scope)}))::int`,
      otherCurrency: sql<number>`(count(*) filter (where ${ne(orders.currency, scope.currency)}))::int`,
      currencies: sql<
        string[] | null
      >`array_agg(distinct ${orders.currency}) filter (where ${ne(orders.currency, scope.currency)})`,
      testPayments: sql<number>`(count(*) filter (where ${and(inCurrency, testPaymentWhere)}))::int`,
    })
    .from(orders)
    .where(deliveredIn(period));
  return {
    delivered: counts?.delivered ?? 0,
    sales: counts?.sales ?? 0,
    otherCurrency: counts?.otherCurrency ?? 0,
    currencies: [...(counts?.currencies ?? [])].sort(),
    testPayments: scope.testPayments ? 0 : (counts?.testPayments ?? 0),
  };
}

/** A page of the sales of the scope delivered in the period, by id after `after` (keyset). */
export function deliveredSales(db: Db, period: Period, scope: SalesScope, after: number, limit: number) {
  return db
    .select({
      id: orders.id,
      reference: orders.reference,
      createdAt: orders.createdAt,
      paymentMethod: orders.paymentMethod,
      paymentReference: orders.paymentReference,
    })
    .from(orders)
    .where(and(deliveredIn(period), inScope(scope), gt(orders.id, after)))
    .orderBy(orders.id)
    .limit(limit);
}

/** Refunds paid in the period of delivered sales of the scope (a refund on cancelling is of an order never filed). */
const refundsOfSales = (period: Period, scope: SalesScope) =>
  and(
    gte(refunds.createdAt, period.start),
    lt(refunds.createdAt, period.end),
    isNotNull(orders.deliveredAt),
    inScope(scope),
  );

/** How many sales the period's refunds were of, and their sum in cents. */
export async function refundTotals(db: Db, period: Period, scope: SalesScope) {
  const [refunded] = await db
    .select({ orders: countDistinct(refunds.orderId), total: sum(refunds.amountCents).mapWith(Number) })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(refundsOfSales(period, scope));
  return { orders: refunded?.orders ?? 0, totalCents: refunded?.total ?? 0 };
}

/** A page of those refunds with their order's reference and payment method, by id after `after`. */
export function refundsPage(db: Db, period: Period, scope: SalesScope, after: number, limit: number) {
  return db
    .select({
      id: refunds.id,
      amountCents: refunds.amountCents,
      createdAt: refunds.createdAt,
      reference: orders.reference,
      paymentMethod: orders.paymentMethod,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(refundsOfSales(period, scope), gt(refunds.id, after)))
    .orderBy(refunds.id)
    .limit(limit);
}

/** What the shopper's own open checkout holds of a variant (an int; a new checkout of theirs gives it back first). */
export const ownCheckoutHoldsSql = (userId: SQL, colorId: SQL, size: SQL) =>
  sql`coalesce((select sum(oi.stock_quantity) from orders o join order_items oi on oi.order_id = o.id
    where o.user_id = ${userId} and ${ownStatusIs(sql`o`, 'pending')} and oi.color_id = ${colorId} and oi.size = ${size}), 0)`;

/**
 * What the register of complaints names of each order (decision 0059), one query for any number:
 * its reference, language, delivery and payment facts, and its consumer: the account's name, else
 * the delivery's; the order's email, else the account's; the delivery's phone.
 */
export async function orderPartiesOf(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, OrderParty>();
  const rows = await db
    .select({ row: orders, accountName: users.name, accountEmail: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, ids));
  return new Map(
    rows.map(({ row, accountName, accountEmail }): [number, OrderParty] => [
      row.id,
      {
        row,
        name: accountName ?? row.delivery?.name ?? '',
        email: row.email ?? accountEmail ?? null,
        phone: row.delivery?.phone ?? null,
      },
    ]),
  );
}

export interface OrderParty {
  row: OrderRow;
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * The orders whose buyers keep a line of the product in one of the colours and sizes (none named:
 * any), with when each was placed: a product safety recall mails them (decision 0059). Bought
 * orders only (placed or paid: not cancelled, lapsed, failed or refunded in full), and lines not
 * refunded in full.
 */
export async function buyersOfVariants(
  db: Db | Tx,
  productId: number,
  variants: readonly { colorId: number; size: string }[],
): Promise<{ orderId: number; placedAt: Date }[]> {
  const pairs = variants.map((variant) =>
    and(eq(orderItems.colorId, variant.colorId), eq(orderItems.size, variant.size)),
  );
  return db
    .selectDistinct({ orderId: orders.id, placedAt: orders.createdAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.productId, productId),
        lt(orderItems.refundedQuantity, orderItems.quantity),
        inArray(orders.status, ['placed', 'paid']),
        ...(pairs.length > 0 ? [or(...pairs)] : []),
      ),
    )
    .orderBy(asc(orders.id));
}

/**
 * Whether the address `email` (lower case) bought (an order placed or paid, by the order's address
 * or its account's) a line that matches `line`, a condition on `i` (order_items): a campaign's
 * audience by a category or a size bought (decision 0057).
 */
export const boughtSql = (email: SQL, line: SQL) =>
  sql`exists (select 1 from orders o
      join order_items i on i.order_id = o.id
      left join users u on u.id = o.user_id
    where o.status in ('placed', 'paid') and (lower(o.email) = ${email} or lower(u.email) = ${email}) and ${line})`;

/** Whether the shopper checked out (an order neither expired nor failed) at `since` or after: no cart reminder then. */
export const orderedSinceSql = (userId: SQL, since: SQL) =>
  sql`exists (select 1 from orders o where o.user_id = ${userId} and o.created_at >= ${since}
    and o.status not in ('expired', 'failed'))`;

/**
 * Units of each product delivered to shoppers (sold and received: what a return rate is of), by
 * product id; exchange orders are left out (their units are counted by the order they exchange).
 */
export async function deliveredUnitsByProduct(db: Db | Tx, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.productId, productIds), isNotNull(orders.deliveredAt), isNull(orders.exchangeOf)))
    .groupBy(orderItems.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.units)]));
}
