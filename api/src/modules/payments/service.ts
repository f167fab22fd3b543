import { stepRefusal } from '@shop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { paymentEvents } from '../../db/schema.js';
import type { PaymentEvent } from '../../platform/payments/index.js';
import { factsOf, takeStep } from '../orders/core.js';
import { closePending, removeBoughtCartLines } from '../orders/lifecycle.js';
import { lockOrder, type OrderRow } from '../orders/store.js';
import { amountDueCents } from '../orders/store.js';
import { sellReservation, sellUnreserved } from '../stock/service.js';
import { applyGiftCardPayment, lockCardBySession, type GiftCardPaymentResult } from '../gift-cards/purchase.js';

/** The table's step (contract/src/order-steps.ts) for each way a checkout closes without payment. */
const CLOSING_STEP = { cancelled: 'cancel', expired: 'expire', failed: 'fail' } as const;

export type ApplyResult =
  | { result: 'applied'; order: OrderRow; status: OrderRow['status'] }
  /** The event id was seen before: nothing happens twice. */
  | { result: 'duplicate' }
  | { result: 'unknown-session' }
  /** The session was a gift card's purchase (decision 0055): issued once, or not. */
  | { result: 'gift-card'; card: GiftCardPaymentResult }
  /** The order is already past this event (paid, or closed for a late expiry). */
  | { result: 'unchanged'; order: OrderRow }
  | { result: 'mismatch'; order: OrderRow; problems: string[] };

/** Amount, currency and order id of a payment must all be the order's before it counts. */
function mismatches(order: OrderRow, event: PaymentEvent): string[] {
  const problems: string[] = [];
  if (event.orderId !== order.id) problems.push(`order id ${String(event.orderId)} ≠ ${order.id}`);
  // What the provider was asked for: the total less what gift cards and store credit paid.
  const due = amountDueCents(order);
  if (event.amountCents !== due) problems.push(`amount ${String(event.amountCents)} ≠ ${due}`);
  if (event.currency?.toUpperCase() !== order.currency.toUpperCase()) {
    problems.push(`currency ${String(event.currency)} ≠ ${order.currency}`);
  }
  return problems;
}

/**
 * Applies one provider event, once, in one transaction: the event id is recorded first (a
 * replay finds it and stops), then the shopper's checkouts are held off (`lockShopper`) and the
 * order row is locked and moved. Anything but a payment only closes a pending order. A payment
 * on Stripe wins over any other state, since the money was taken (one on an order a newer
 * checkout replaced is logged for the owner); the built-in page takes money only for an order
 * that is still pending, checked in the same step that marks it paid.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: event.provider, eventId: event.eventId, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { result: 'duplicate' };

    const order = await lockOrder(tx, { provider: event.provider, sessionId: event.sessionId });
    if (!order) {
      const card = await lockCardBySession(tx, event.provider, event.sessionId);
      if (!card) return { result: 'unknown-session' };
      return { result: 'gift-card', card: await applyGiftCardPayment(tx, card, event) };
    }

    if (event.outcome === 'paid') {
      if (order.status === 'paid') return { result: 'unchanged', order };
      if (order.status !== 'pending' && event.provider === 'local') return { result: 'unchanged', order };
      if (stepRefusal('pay', factsOf(order), 'system')) return { result: 'unchanged', order };
      const problems = mismatches(order, event);
      if (problems.length > 0) return { result: 'mismatch', order, problems };
      await takeStep(tx, order, 'pay', {
        actor: 'system',
        set: { paymentReference: event.paymentReference },
      });
      // What the checkout reserved is sold; a late payment (its reservation was given back) takes what is left.
      if (order.status === 'pending') await sellReservation(tx, order.id);
      else await sellUnreserved(tx, order.id);
      await removeBoughtCartLines(tx, order);
      return { result: 'applied', order, status: 'paid' };
    }
    if (order.status !== 'pending') return { result: 'unchanged', order };
    // The provider closed the session itself: the event says so, and nothing asks it to close it again.
    await closePending(tx, [order.id], CLOSING_STEP[event.outcome], { byProvider: true });
    return { result: 'applied', order, status: event.outcome };
  });
}

export interface PaymentDeps {
  log: FastifyBaseLogger;
}

/**
 * The one way an order changes status after checkout, for Stripe webhooks and the built-in page
 * alike: apply the event and log what happened (the confirmation mail is an effect of `paid`).
 */
export async function handlePaymentEvent(db: Db, event: PaymentEvent, deps: PaymentDeps): Promise<ApplyResult> {
  const applied = await applyPaymentEvent(db, event);
  const context = { provider: event.provider, eventId: event.eventId, type: event.type, sessionId: event.sessionId };
  switch (applied.result) {
    case 'applied':
      deps.log.info({ ...context, orderId: applied.order.id, status: applied.status }, 'payment event applied');
      if (applied.status === 'paid' && applied.order.status !== 'pending') {
        deps.log.warn(
          { ...context, orderId: applied.order.id, was: applied.order.status },
          'paid on the provider after the order was closed: check it, and refund if the cart was bought twice',
        );
      }
      break;
    case 'mismatch':
      deps.log.error(
        { ...context, orderId: applied.order.id, problems: applied.problems },
        'payment does not match its order: not paid',
      );
      break;
    case 'gift-card':
      // The card's id, never its code: codes do not reach a log.
      if (applied.card.result === 'mismatch') {
        deps.log.error(
          { ...context, giftCardId: applied.card.cardId, problems: applied.card.problems },
          'payment does not match its gift card: not issued',
        );
      } else {
        deps.log.info(
          { ...context, giftCardId: applied.card.cardId, result: applied.card.result },
          'gift card payment event',
        );
      }
      break;
    case 'unknown-session':
      deps.log.warn(context, 'payment event for an unknown session');
      break;
    default:
      deps.log.info({ ...context, result: applied.result }, 'payment event changed nothing');
  }
  return applied;
}
