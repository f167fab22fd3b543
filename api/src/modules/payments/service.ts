import { PAYMENT_SESSION_TTL_MS } from '@shop/contract';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, paymentEvents, users } from '../../db/schema.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { PaymentEvent } from '../../platform/payments/index.js';
import { confirmationMail, type PaidOrder } from './confirmation-mail.js';

type OrderRow = typeof orders.$inferSelect;

export type ApplyResult =
  | { result: 'applied'; order: OrderRow; status: OrderRow['status'] }
  /** The event id was seen before: nothing happens twice. */
  | { result: 'duplicate' }
  | { result: 'unknown-session' }
  /** The order is already past this event (paid, or closed for a late expiry). */
  | { result: 'unchanged'; order: OrderRow }
  | { result: 'mismatch'; order: OrderRow; problems: string[] };

/** Amount, currency and order id of a payment must all be the order's before it counts. */
function mismatches(order: OrderRow, event: PaymentEvent): string[] {
  const problems: string[] = [];
  if (event.orderId !== order.id) problems.push(`order id ${String(event.orderId)} ≠ ${order.id}`);
  if (event.amountCents !== order.totalCents)
    problems.push(`amount ${String(event.amountCents)} ≠ ${order.totalCents}`);
  if (event.currency?.toUpperCase() !== order.currency.toUpperCase()) {
    problems.push(`currency ${String(event.currency)} ≠ ${order.currency}`);
  }
  return problems;
}

/** Takes the bought quantities off the cart: lines fully covered go, larger ones shrink. */
async function removeBoughtCartLines(tx: Tx, order: OrderRow): Promise<void> {
  if (order.userId === null) return;
  const sameLine = sql`oi.order_id = ${order.id} and c.user_id = ${order.userId}
    and c.product_id = oi.product_id and c.color_id = oi.color_id and c.size = oi.size`;
  await tx.execute(sql`delete from cart_items c using order_items oi where ${sameLine} and c.quantity <= oi.quantity`);
  await tx.execute(sql`update cart_items c set quantity = c.quantity - oi.quantity, updated_at = now()
    from order_items oi where ${sameLine} and c.quantity > oi.quantity`);
}

/**
 * Applies one provider event, once, in one transaction: the event id is recorded first (a
 * replay finds it and stops), then the order row is locked and moved. A payment wins over any
 * other state, since the money was taken; anything else only closes a pending order.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: event.provider, eventId: event.eventId, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { result: 'duplicate' };

    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.paymentSessionId, event.sessionId), eq(orders.paymentProvider, event.provider)))
      .for('update');
    if (!order) return { result: 'unknown-session' };

    if (event.outcome === 'paid') {
      if (order.status === 'paid') return { result: 'unchanged', order };
      const problems = mismatches(order, event);
      if (problems.length > 0) return { result: 'mismatch', order, problems };
      await tx.update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, order.id));
      await removeBoughtCartLines(tx, order);
      return { result: 'applied', order, status: 'paid' };
    }
    if (order.status !== 'pending') return { result: 'unchanged', order };
    await tx.update(orders).set({ status: event.outcome }).where(eq(orders.id, order.id));
    return { result: 'applied', order, status: event.outcome };
  });
}

async function paidOrder(db: Db, orderId: number): Promise<PaidOrder | null> {
  const [order] = await db
    .select({
      id: orders.id,
      currency: orders.currency,
      totalCents: orders.totalCents,
      locale: orders.locale,
      name: users.name,
      email: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select({
      name: orderItems.name,
      colorName: orderItems.colorName,
      size: orderItems.size,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const { name, email, ...rest } = order;
  return { ...rest, customer: { name, email }, items };
}

export interface PaymentDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * The one way an order changes status after checkout, for Stripe webhooks and the built-in page
 * alike: apply the event, log what happened, and mail the confirmation of a new payment.
 */
export async function handlePaymentEvent(db: Db, event: PaymentEvent, deps: PaymentDeps): Promise<ApplyResult> {
  const applied = await applyPaymentEvent(db, event);
  const context = { provider: event.provider, eventId: event.eventId, type: event.type, sessionId: event.sessionId };
  switch (applied.result) {
    case 'applied':
      deps.log.info({ ...context, orderId: applied.order.id, status: applied.status }, 'payment event applied');
      if (applied.status === 'paid') await sendConfirmation(db, applied.order.id, deps);
      break;
    case 'mismatch':
      deps.log.error(
        { ...context, orderId: applied.order.id, problems: applied.problems },
        'payment does not match its order: not paid',
      );
      break;
    case 'unknown-session':
      deps.log.warn(context, 'payment event for an unknown session');
      break;
    default:
      deps.log.info({ ...context, result: applied.result }, 'payment event changed nothing');
  }
  return applied;
}

/** The order is paid whatever happens to the mail: a failed send is logged, not thrown. */
async function sendConfirmation(db: Db, orderId: number, deps: PaymentDeps): Promise<void> {
  try {
    const order = await paidOrder(db, orderId);
    if (order) await deps.mailer.send(confirmationMail(order, deps.publicUrl));
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'order confirmation mail failed');
  }
}

/**
 * Built-in page sessions expire after PAYMENT_SESSION_TTL_MS. Nothing runs on a timer: a stale
 * pending order is marked expired whenever it is read (its page, its owner's order list).
 * Stripe sessions are closed by Stripe's own `checkout.session.expired` event.
 */
export async function expireStaleLocalOrders(db: Db, scope: SQL): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'expired' })
    .where(
      and(
        scope,
        eq(orders.status, 'pending'),
        eq(orders.paymentProvider, 'local'),
        lt(orders.createdAt, new Date(Date.now() - PAYMENT_SESSION_TTL_MS)),
      ),
    );
}
