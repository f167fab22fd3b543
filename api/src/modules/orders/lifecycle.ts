import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { ORDER_TABLE, stepResult, type OrderFacts } from '@shop/contract';
import { eventDetail } from '../../platform/outbox/declare.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { effectsOf } from '../../effect-subscriptions.js';
import { orderEvents, orders } from '../../db/schema.js';
import { releaseReservations } from '../stock/service.js';
import { giveBackHeld } from '../gift-cards/ledger.js';

/** Takes the bought quantities off the cart: lines fully covered go, larger ones shrink. */
export async function removeBoughtCartLines(tx: Tx, order: { id: number; userId: number | null }): Promise<void> {
  if (order.userId === null) return;
  const sameLine = sql`oi.order_id = ${order.id} and c.user_id = ${order.userId}
    and c.product_id = oi.product_id and c.color_id = oi.color_id and c.size = oi.size`;
  await tx.execute(sql`delete from cart_items c using order_items oi where ${sameLine} and c.quantity <= oi.quantity`);
  await tx.execute(sql`update cart_items c set quantity = c.quantity - oi.quantity, updated_at = now()
    from order_items oi where ${sameLine} and c.quantity > oi.quantity`);
}

export interface ClosedOrder {
  id: number;
  userId: number | null;
  paymentProvider: string;
  paymentSessionId: string | null;
}

/** What the table knows of every order `closePending` closes. */
const PENDING_CHECKOUT: OrderFacts = {
  status: 'pending',
  fulfilment: 'unfulfilled',
  paymentMethod: 'card',
  totalCents: 0,
  refundedCents: 0,
  awaitsConfirmation: false,
  withdrawn: false,
};

/**
 * Closes pending orders (a new checkout replaced them, their session ran out, their payment
 * failed, they were cancelled): those of `which` ids, or the shopper's open checkout, and gives
 * back the stock they reserved. Order rows are locked first, then stock rows. Answers what was
 * closed; their providers' sessions close after commit (an effect of the event).
 */
export async function closePending(
  tx: Tx,
  which: number[] | { shopper: number },
  step: 'cancel' | 'expire' | 'fail',
  detail: Record<string, unknown> = {},
): Promise<ClosedOrder[]> {
  const where = Array.isArray(which) ? inArray(orders.id, which) : eq(orders.userId, which.shopper);
  // A pending checkout is a card order not yet paid: the table's rule for the step says where it goes.
  const { status } = stepResult(step, PENDING_CHECKOUT);
  const { event } = ORDER_TABLE[step];
  const closed = await tx
    .update(orders)
    .set({ status })
    .where(and(where, eq(orders.status, 'pending')))
    .returning({
      id: orders.id,
      userId: orders.userId,
      paymentProvider: orders.paymentProvider,
      paymentSessionId: orders.paymentSessionId,
    });
  await releaseReservations(
    tx,
    closed.map((order) => order.id),
  );
  // What gift cards and store credit held for these checkouts goes back to them.
  await giveBackHeld(
    tx,
    closed.map((order) => order.id),
  );
  if (closed.length > 0) {
    const checked = eventDetail(event, detail);
    const events = await tx
      .insert(orderEvents)
      .values(closed.map((order) => ({ orderId: order.id, type: event, detail: checked })))
      .returning({ id: orderEvents.id, orderId: orderEvents.orderId });
    await enqueue(
      tx,
      events.flatMap(({ id, orderId }) => effectsOf({ id, orderId, type: event, detail: checked })),
    );
  }
  return closed;
}

/** A checkout whose provider session could not be opened: closed (its stock back) and gone, as if never made. */
export async function dropCheckout(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await closePending(tx, [id], 'cancel');
    await tx.delete(orders).where(eq(orders.id, id));
  });
}

/** Most lapsed checkouts one sweep closes (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * Closes lapsed checkouts (`expires_at` passed) as `expired` and gives back their stock (every
 * minute: EXPIRE_LAPSED, effects.ts). Safe in several processes at once: each takes the orders no
 * other sweep or payment holds (SKIP LOCKED). `scope` narrows it to some orders (a page reading them). Answers what it closed.
 */
export async function expireLapsed(db: Db, scope?: SQL): Promise<ClosedOrder[]> {
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, sql`now()`), scope))
      .orderBy(orders.id)
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    if (lapsed.length === 0) return [];
    return closePending(
      tx,
      lapsed.map((order) => order.id),
      'expire',
    );
  });
}
