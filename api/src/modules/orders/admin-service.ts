import type { AdminOrder, AdminOrdersResponse, OrderStatus } from '@shop/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { lockShopper } from '../../db/locks.js';
import { orders, refunds } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SharedCache } from '../../platform/cache/shared-cache.js';
import type { PaymentProvider } from '../../platform/payments/index.js';
import { audit } from '../admin/audit.js';
import { restock } from '../stock/service.js';
import { withdrawalPending } from '../withdrawals/service.js';
import { closePending, recordEvent, type ClosedOrder } from './lifecycle.js';
import { withCustomers } from './service.js';

type OrderRow = typeof orders.$inferSelect;

/** 409: the order's state does not allow this step; the message says why. */
const refused = (message: string) => new AppError(409, 'INVALID_TRANSITION', message);

export interface OrdersFilter {
  status?: OrderStatus | undefined;
  fulfilment?: OrderRow['fulfilment'] | undefined;
  withdrawal?: 'requested' | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
}

/**
 * `q`: an order number (`123`, `#123`) or reference (`3F9A0C21B7D4`, any case), or part of the
 * customer's email or name, or the delivery's name or phone.
 */
function matching(q: string): SQL {
  const number = /^#?(\d{1,9})$/.exec(q)?.[1];
  const reference = /^#?([0-9a-f]{12})$/i.exec(q)?.[1]?.toUpperCase();
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // A phone is found however it is written: `+359 87 …`, `0887…` (the trunk 0 is dropped).
  const digits = q.replace(/\D/g, '').replace(/^0+/, '');
  const text = sql`exists (select 1 from users u where u.id = ${orders.userId}
      and (u.email ilike ${like} or u.name ilike ${like}))
    or ${orders.delivery} ->> 'name' ilike ${like}
    ${digits.length >= 4 ? sql`or regexp_replace(${orders.delivery} ->> 'phone', '\\D', '', 'g') like ${`%${digits}%`}` : sql``}`;
  const exact = [
    ...(number ? [sql`${orders.id} = ${Number(number)}`] : []),
    ...(reference ? [sql`${orders.reference} = ${reference}`] : []),
  ];
  return sql`(${sql.join([...exact, text], sql` or `)})`;
}

/**
 * A page of orders, newest first, with how many match in all (OPERATIONS.md section 5). Counting
 * every match costs more than the page itself with many orders, so `counts` keeps each filter's
 * total until an order is written (the change feed's `orders`).
 */
export async function listAdminOrders(
  db: Db,
  filter: OrdersFilter,
  counts?: SharedCache<number>,
): Promise<AdminOrdersResponse> {
  const where = and(
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.fulfilment ? eq(orders.fulfilment, filter.fulfilment) : undefined,
    filter.withdrawal ? withdrawalPending() : undefined,
    filter.q ? matching(filter.q) : undefined,
  );
  const { page, limit, ...matches } = filter;
  const countAll = async () => {
    const [count] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where);
    return count?.total ?? 0;
  };
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  // The page's ids first (a filter's index holds them: the pages skipped never touch the rows), then its rows.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset((page - 1) * limit);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(inArray(orders.id, pageIds))
      .orderBy(...newestFirst),
    counts ? counts.get(JSON.stringify(matches), countAll) : countAll(),
  ]);
  return { data: await withCustomers(db, rows), total: total ?? 0, page, limit };
}

export async function getAdminOrder(db: Db, id: number): Promise<AdminOrder> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('Order not found');
  return (await withCustomers(db, [row]))[0]!;
}

/** The order row, locked for a step: its shopper's checkouts and payments wait meanwhile. */
async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const [owner] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id));
  if (!owner) throw notFound('Order not found');
  if (owner.userId !== null) await lockShopper(tx, owner.userId);
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound('Order not found');
  return row;
}

const describe = (row: OrderRow) => `it is ${row.status} and ${row.fulfilment}`;

export interface ShipInput {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string | undefined;
}

/** Hands a paid or cash-on-delivery order to the carrier, with its tracking. */
export async function shipOrder(db: Db, actorId: number, id: number, input: ShipInput): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!['paid', 'placed'].includes(row.status) || row.fulfilment !== 'unfulfilled') {
      throw refused(`Only a paid or cash-on-delivery order that has not left can be shipped: ${describe(row)}.`);
    }
    if (awaitsConfirmation(row)) throw refused('Confirm this order first: it waits for your confirmation.');
    await tx
      .update(orders)
      .set({
        fulfilment: 'shipped',
        shippedAt: new Date(),
        trackingCarrier: input.carrier,
        trackingNumber: input.trackingNumber,
        trackingUrl: input.trackingUrl ?? null,
      })
      .where(eq(orders.id, id));
    await recordEvent(tx, id, 'shipped', { actorId, detail: { ...input } });
    await audit(tx, { actorId, action: 'order.ship', target: `order:${id}`, detail: { ...input } });
  });
}

const awaitsConfirmation = (row: OrderRow) => row.confirmationRequired && row.confirmedAt === null;

/**
 * The owner confirms a cash-on-delivery order of a new account that waits for it (the shop's
 * setting, docs/decisions/0031): it may then ship. Only an order still placed and not shipped.
 */
export async function confirmOrder(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!awaitsConfirmation(row)) throw refused('This order does not wait for a confirmation.');
    if (row.status !== 'placed' || row.fulfilment !== 'unfulfilled') {
      throw refused(`Only an order that has not left can be confirmed: ${describe(row)}.`);
    }
    await tx.update(orders).set({ confirmedAt: new Date() }).where(eq(orders.id, id));
    await recordEvent(tx, id, 'confirmed', { actorId });
    await audit(tx, { actorId, action: 'order.confirm', target: `order:${id}` });
  });
}

/** The parcel arrived; a cash-on-delivery order is then paid (the courier collected the cash). */
export async function deliverOrder(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (row.fulfilment !== 'shipped') throw refused(`Only a shipped order can be delivered: ${describe(row)}.`);
    const now = new Date();
    const collected = row.status === 'placed';
    await tx
      .update(orders)
      .set({ fulfilment: 'delivered', deliveredAt: now, ...(collected ? { status: 'paid', paidAt: now } : {}) })
      .where(eq(orders.id, id));
    await recordEvent(tx, id, 'delivered', { actorId });
    if (collected) await recordEvent(tx, id, 'paid', { actorId, detail: { cashCollected: true } });
    await audit(tx, { actorId, action: 'order.deliver', target: `order:${id}`, detail: { cashCollected: collected } });
  });
}

/** What happened in a cancellation: a paid order was refunded in full; a pending one's session is to be closed. */
export interface Cancelled {
  refundedCents: number;
  closed: ClosedOrder | null;
}

/**
 * Cancels an order that has not left: its stock goes back (reserved or sold), a paid order is
 * refunded in full through the provider (`refunded`), any other becomes `cancelled`.
 */
export async function cancelOrder(
  db: Db,
  provider: PaymentProvider,
  actorId: number,
  id: number,
  reason: string | undefined,
): Promise<Cancelled> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!['pending', 'placed', 'paid'].includes(row.status) || row.fulfilment !== 'unfulfilled') {
      throw refused(`Only an order that is open, placed or paid and has not left can be cancelled: ${describe(row)}.`);
    }
    let refundedCents = 0;
    let closed: ClosedOrder | null = null;
    if (row.status === 'pending') {
      closed = (await closePending(tx, eq(orders.id, id), 'cancelled'))[0] ?? null;
    } else {
      await restock(tx, [id]);
      if (row.status === 'paid') {
        refundedCents = row.totalCents - row.refundedCents;
        if (refundedCents > 0) await refundThroughProvider(tx, provider, row, refundedCents, `cancel-${id}`, actorId);
        await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, id));
        await recordEvent(tx, id, 'cancelled', { actorId, detail: { reason } });
        await recordEvent(tx, id, 'refunded', { actorId, detail: { amountCents: refundedCents } });
      } else {
        await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, id));
        await recordEvent(tx, id, 'cancelled', { actorId, detail: { reason } });
      }
    }
    await audit(tx, {
      actorId,
      action: 'order.cancel',
      target: `order:${id}`,
      detail: { reason, was: row.status, refundedCents },
    });
    return { refundedCents, closed };
  });
}

/** Records a refund made through the provider, once per key; answers false when the key was used. */
async function refundThroughProvider(
  tx: Tx,
  provider: PaymentProvider,
  row: OrderRow,
  amountCents: number,
  key: string,
  actorId: number,
): Promise<boolean> {
  const [earlier] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, row.id), eq(refunds.idempotencyKey, key)));
  if (earlier) return false;
  if (!row.paymentSessionId) throw refused('This order was not paid through the payment provider.');
  // The provider's own idempotency key: a retry after a lost answer refunds once there too.
  const refundId = await provider.refund(
    { sessionId: row.paymentSessionId, reference: row.paymentReference },
    amountCents,
    `refund-order-${row.id}-${row.createdAt.getTime()}-${key}`,
  );
  await tx
    .insert(refunds)
    .values({ orderId: row.id, amountCents, idempotencyKey: key, providerRefundId: refundId, actorId });
  await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${amountCents}` })
    .where(eq(orders.id, row.id));
  return true;
}

/**
 * Refunds part or all of what a paid order still holds (0 < amount ≤ total − refunded). The
 * same idempotency key refunds once: a retried or double-clicked request answers the order as
 * it is. Fully refunded: `refunded`.
 */
export async function refundOrder(
  db: Db,
  provider: PaymentProvider,
  actorId: number,
  id: number,
  amountCents: number,
  key: string,
): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    const [earlier] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderId, id), eq(refunds.idempotencyKey, key)));
    if (earlier) return { applied: false };
    if (row.status !== 'paid') throw refused(`Only a paid order can be refunded: it is ${row.status}.`);
    const remaining = row.totalCents - row.refundedCents;
    if (amountCents > remaining) {
      throw refused(`At most ${(remaining / 100).toFixed(2)} ${row.currency} of this order can still be refunded.`);
    }
    await refundThroughProvider(tx, provider, row, amountCents, key, actorId);
    if (amountCents === remaining) await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, id));
    await recordEvent(tx, id, 'refunded', { actorId, detail: { amountCents } });
    await audit(tx, { actorId, action: 'order.refund', target: `order:${id}`, detail: { amountCents, key } });
    return { applied: true };
  });
}

/** The parcel came back (a return, a refused delivery): `returned`, its stock back on hand if asked. */
export async function returnOrder(db: Db, actorId: number, id: number, restocked: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (row.fulfilment !== 'shipped' && row.fulfilment !== 'delivered') {
      throw refused(`Only a shipped or delivered order can come back: ${describe(row)}.`);
    }
    await tx.update(orders).set({ fulfilment: 'returned' }).where(eq(orders.id, id));
    if (restocked) await restock(tx, [id]);
    await recordEvent(tx, id, 'returned', { actorId, detail: { restock: restocked } });
    await audit(tx, { actorId, action: 'order.return', target: `order:${id}`, detail: { restock: restocked } });
  });
}
