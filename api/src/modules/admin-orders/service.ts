import {
  refundableCents,
  type AdminOrder,
  type AdminOrdersResponse,
  type OrderStatus,
  fromCents,
} from '@shop/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { lockShopper } from '../../db/locks.js';
import { orders, refunds } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SharedCache } from '../../platform/cache/shared-cache.js';
import { audit } from '../../platform/audit.js';
import { restock } from '../stock/service.js';
import { assertStep, factsOf, takeStep } from '../orders/core.js';
import { closePending, recordEvent } from '../orders/lifecycle.js';
import { withCustomers } from '../orders/service.js';
import { toShip } from './stats.js';

type OrderRow = typeof orders.$inferSelect;

/** Orders whose withdrawal the owner has yet to settle (the Orders screen's filter). */
const withdrawalPending = () =>
  sql`exists (select 1 from withdrawals w where w.order_id = ${orders.id}) and ${orders.status} in ('paid', 'placed')
    and ${orders.fulfilment} <> 'returned'`;

export interface OrdersFilter {
  status?: OrderStatus | undefined;
  fulfilment?: OrderRow['fulfilment'] | undefined;
  withdrawal?: 'requested' | undefined;
  ship?: 'due' | undefined;
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
 * A page of orders, newest first, with how many match in all (docs/decisions/0022). Counting
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
    filter.ship ? toShip() : undefined,
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

export interface ShipInput {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string | undefined;
}

/** Hands a paid or cash-on-delivery order to the carrier, with its tracking. */
export async function shipOrder(db: Db, actorId: number, id: number, input: ShipInput): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    await takeStep(tx, row, 'ship', {
      actor: 'admin',
      actorId,
      set: {
        shippedAt: new Date(),
        trackingCarrier: input.carrier,
        trackingNumber: input.trackingNumber,
        trackingUrl: input.trackingUrl ?? null,
      },
      detail: { ...input },
    });
    await audit(tx, { actorId, action: 'order.ship', target: `order:${id}`, detail: { ...input } });
  });
}

/**
 * The owner confirms a cash-on-delivery order of a new account that waits for it (the shop's
 * setting, docs/decisions/0031): it may then ship.
 */
export async function confirmOrder(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    await takeStep(tx, row, 'confirm', { actor: 'admin', actorId, set: { confirmedAt: new Date() } });
    await audit(tx, { actorId, action: 'order.confirm', target: `order:${id}` });
  });
}

/** The parcel arrived; a cash-on-delivery order is then paid (the courier collected the cash). */
export async function deliverOrder(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    const now = new Date();
    const collected = row.status === 'placed';
    await takeStep(tx, row, 'deliver', {
      actor: 'admin',
      actorId,
      set: { deliveredAt: now, ...(collected ? { paidAt: now } : {}) },
    });
    if (collected) await recordEvent(tx, id, 'paid', { actorId, detail: { cashCollected: true } });
    await audit(tx, { actorId, action: 'order.deliver', target: `order:${id}`, detail: { cashCollected: collected } });
  });
}

/**
 * Cancels an order that has not left: its stock goes back (reserved or sold), a paid order is
 * refunded in full through the provider (`refunded`, the refund made after commit), any other
 * becomes `cancelled`. The shopper is mailed (an effect of the event). Answers what is refunded.
 */
export async function cancelOrder(db: Db, actorId: number, id: number, reason: string | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    const refundedCents = row.status === 'paid' ? refundableCents(factsOf(row)) : 0;
    if (row.status === 'pending') {
      assertStep('cancel', factsOf(row), 'admin');
      // A pending checkout closes as every pending checkout does, its session with it.
      await closePending(tx, eq(orders.id, id), 'cancel', { reason, notify: true });
    } else {
      await takeStep(tx, row, 'cancel', { actor: 'admin', actorId, detail: { reason, notify: true } });
      await restock(tx, [id]);
      const refundId = refundedCents > 0 ? await insertRefund(tx, id, refundedCents, `cancel-${id}`, actorId) : null;
      if (refundId !== null) {
        await tx
          .update(orders)
          .set({ refundedCents: row.refundedCents + refundedCents })
          .where(eq(orders.id, id));
        const detail = { amountCents: refundedCents, refundId, onCancel: true };
        await recordEvent(tx, id, 'refunded', { actorId, detail });
      }
    }
    await audit(tx, {
      actorId,
      action: 'order.cancel',
      target: `order:${id}`,
      detail: { reason, was: row.status, refundedCents },
    });
    return refundedCents;
  });
}

/** A refunds row, once per key: its id, or null when the key was used. */
async function insertRefund(tx: Tx, orderId: number, amountCents: number, key: string, actorId: number) {
  const [refund] = await tx
    .insert(refunds)
    .values({ orderId, amountCents, idempotencyKey: key, actorId })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return refund?.id ?? null;
}

/**
 * Refunds part or all of what a paid card order still holds (0 < amount ≤ total − refunded). The
 * same idempotency key refunds once: a retried or double-clicked request answers the order as
 * it is. Fully refunded: `refunded`. The `refunded` event's subscriber makes the refund through
 * the provider after commit, under the refund's own key (orders/effects.ts).
 */
export async function refundOrder(
  db: Db,
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
    const facts = factsOf(row);
    assertStep('refund', facts, 'admin');
    const remaining = refundableCents(facts);
    if (amountCents > remaining) {
      throw new AppError(
        'INVALID_TRANSITION',
        `At most ${fromCents(remaining).toFixed(2)} ${row.currency} of this order can still be refunded.`,
      );
    }
    const refundId = await insertRefund(tx, id, amountCents, key, actorId);
    await takeStep(tx, row, 'refund', {
      actor: 'admin',
      actorId,
      amountCents,
      set: { refundedCents: row.refundedCents + amountCents },
      detail: { amountCents, refundId },
    });
    await audit(tx, { actorId, action: 'order.refund', target: `order:${id}`, detail: { amountCents, key } });
    return { applied: true };
  });
}

/** The parcel came back (a return, a refused delivery): `returned`, its stock back on hand if asked. */
export async function returnOrder(db: Db, actorId: number, id: number, restocked: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    await takeStep(tx, row, 'return', { actor: 'admin', actorId, detail: { restock: restocked } });
    if (restocked) await restock(tx, [id]);
    await audit(tx, { actorId, action: 'order.return', target: `order:${id}`, detail: { restock: restocked } });
  });
}
