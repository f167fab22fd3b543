import {
  refundableCents,
  type AdminOrder,
  type AdminOrdersResponse,
  type OrderStatus,
  fromCents,
} from '@shop/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SharedCache } from '../../platform/cache/shared-cache.js';
import { audit } from '../../platform/audit.js';
import { restock } from '../stock/service.js';
import { assertStep, factsOf, takeStep } from '../orders/core.js';
import { closePending } from '../orders/lifecycle.js';
import { withCustomers } from '../orders/service.js';
import { refundByKey, withOrder } from '../orders/store.js';
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

export interface ShipInput {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string | undefined;
}

/** Hands a paid or cash-on-delivery order to the carrier, with its tracking. */
export async function shipOrder(db: Db, actorId: number, id: number, input: ShipInput): Promise<void> {
  await db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      await takeStep(tx, order, 'ship', {
        actor: 'admin',
        actorId,
        set: {
          trackingCarrier: input.carrier,
          trackingNumber: input.trackingNumber,
          trackingUrl: input.trackingUrl ?? null,
        },
        detail: { ...input },
      });
      await audit(tx, { actorId, action: 'order.ship', target: `order:${id}`, detail: { ...input } });
    }),
  );
}

/**
 * The owner confirms a cash-on-delivery order of a new account that waits for it (the shop's
 * setting, docs/decisions/0031): it may then ship.
 */
export async function confirmOrder(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      await takeStep(tx, order, 'confirm', { actor: 'admin', actorId });
      await audit(tx, { actorId, action: 'order.confirm', target: `order:${id}` });
    }),
  );
}

/** The parcel arrived; a cash-on-delivery order is then paid (the table's `collect`, a step of `deliver`). */
export async function deliverOrder(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      const next = await takeStep(tx, order, 'deliver', { actor: 'admin', actorId });
      const cashCollected = next.taken.some((taken) => taken.step === 'collect');
      await audit(tx, { actorId, action: 'order.deliver', target: `order:${id}`, detail: { cashCollected } });
    }),
  );
}

/**
 * Cancels an order that has not left: its stock goes back (reserved or sold), a paid order is
 * refunded in full through the provider (the table's `refund`, a step of `cancel`: the refund is
 * made after commit), any other becomes `cancelled`. The shopper is mailed (an effect of the
 * event). Answers what is refunded.
 */
export async function cancelOrder(db: Db, actorId: number, id: number, reason: string | undefined): Promise<number> {
  return db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      const refundedCents = order.status === 'paid' ? refundableCents(factsOf(order)) : 0;
      if (order.status === 'pending') {
        assertStep('cancel', factsOf(order), 'admin');
        // A pending checkout closes as every pending checkout does, its session with it.
        await closePending(tx, [id], 'cancel', { reason, notify: true });
      } else {
        await takeStep(tx, order, 'cancel', { actor: 'admin', actorId, detail: { reason, notify: true } });
        await restock(tx, [id]);
      }
      await audit(tx, {
        actorId,
        action: 'order.cancel',
        target: `order:${id}`,
        detail: { reason, was: order.status, refundedCents },
      });
      return refundedCents;
    }),
  );
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
  return db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      if (await refundByKey(tx, id, key)) return { applied: false };
      const facts = factsOf(order);
      assertStep('refund', facts, 'admin');
      const remaining = refundableCents(facts);
      if (amountCents > remaining) {
        throw new AppError(
          'INVALID_TRANSITION',
          `At most ${fromCents(remaining).toFixed(2)} ${order.currency} of this order can still be refunded.`,
        );
      }
      await takeStep(tx, order, 'refund', { actor: 'admin', actorId, amountCents, key });
      await audit(tx, { actorId, action: 'order.refund', target: `order:${id}`, detail: { amountCents, key } });
      return { applied: true };
    }),
  );
}

/** The parcel came back (a return, a refused delivery): `returned`, its stock back on hand if asked. */
export async function returnOrder(db: Db, actorId: number, id: number, restocked: boolean): Promise<void> {
  await db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      await takeStep(tx, order, 'return', { actor: 'admin', actorId, detail: { restock: restocked } });
      if (restocked) await restock(tx, [id]);
      await audit(tx, { actorId, action: 'order.return', target: `order:${id}`, detail: { restock: restocked } });
    }),
  );
}
