import {
  decimalText,
  refundableCents,
  refusalOf,
  stepResult,
  type OrderActor,
  type OrderFacts,
  type OrderStep,
  type RefundLineInput,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { takeRefundLines } from './refund-lines.js';
import { giveBack, giveBackHeld } from '../gift-cards/ledger.js';
import { amountDueCents, insertRefund, recordEvent, type LockedOrder, type OrderRow } from './store.js';

/** What the transition table (contract/src/order-steps.ts) reads of an order row. */
export const factsOf = (row: OrderRow & { withdrawn?: boolean }): OrderFacts => ({
  status: row.status,
  fulfilment: row.fulfilment,
  paymentMethod: row.paymentMethod,
  totalCents: row.totalCents,
  refundedCents: row.refundedCents,
  awaitsConfirmation: row.confirmationRequired && row.confirmedAt === null,
  withdrawn: row.withdrawn ?? false,
});

/** 409 with the table's code and reason (INVALID_TRANSITION, ALREADY_WITHDRAWN), unless `actor` may take `step`. */
export function assertStep(step: OrderStep, facts: OrderFacts, actor: OrderActor): void {
  const refusal = refusalOf(step, facts, actor);
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

export interface StepInput {
  actor: OrderActor;
  /** The admin or shopper who took it (null: the shop itself). */
  actorId?: number | undefined;
  /** Columns the step sets besides the state (a tracking number, a time). */
  set?: Partial<Omit<OrderRow, 'id' | 'status' | 'fulfilment'>>;
  /** What the event records (a reason, an amount): its subscribers read it too. */
  detail?: Record<string, unknown>;
  /** What a refund gives back (all that is left unless said). */
  amountCents?: number | undefined;
  /** A refund's idempotency key: the same key refunds once. */
  key?: string | undefined;
  /** The lines a refund gives back (decision 0060); none: an amount only. */
  lines?: RefundLineInput[] | undefined;
}

type StepWork = (
  tx: Tx,
  order: LockedOrder,
  input: StepInput,
  at: Date,
) => Promise<{ set: StepInput['set']; detail?: Record<string, unknown> }>;

/**
 * What a step writes besides its state, whoever takes it (a route, or the shop as part of another
 * step): when it happened (one time for a step and those it implies: cash is collected when the
 * parcel is delivered), the money a refund gives back (a refunds row, made through the provider
 * after commit by the `refunded` event's subscriber, orders/effects.ts).
 */
const STEP_WORK: Partial<Record<OrderStep, StepWork>> = {
  pay: async (_tx, _order, _input, at) => ({ set: { paidAt: at } }),
  confirm: async (_tx, _order, _input, at) => ({ set: { confirmedAt: at } }),
  ship: async (_tx, _order, _input, at) => ({ set: { shippedAt: at } }),
  deliver: async (_tx, _order, _input, at) => ({ set: { deliveredAt: at } }),
  collect: async (_tx, _order, _input, at) => ({ set: { paidAt: at }, detail: { cashCollected: true } }),
  refund: async (tx, order, input) => {
    const remaining = refundableCents(factsOf(order));
    const amountCents = input.amountCents ?? remaining;
    if (amountCents > remaining) {
      // Nothing is written yet: the caller's transaction ends with the refusal.
      const refusal = new AppError(
        'INVALID_TRANSITION',
        `At most ${decimalText(remaining)} ${order.currency} of this order can still be refunded.`,
      );
      refusal.remainingCents = remaining;
      throw refusal;
    }
    const key = input.key ?? `refund-${order.id}-${order.refundedCents}`;
    const lines = input.lines ? await takeRefundLines(tx, order.id, input.lines) : null;
    const refundId = await insertRefund(tx, { orderId: order.id, amountCents, key, actorId: input.actorId, lines });
    // The provider gives back first, up to what it took (earlier refunds took from it first too);
    // the rest goes back to the gift cards and store credit that paid (YEAR.md section 3).
    const providerCents = Math.min(amountCents, Math.max(0, amountDueCents(order) - order.refundedCents));
    if (refundId !== null && providerCents < amountCents)
      await giveBack(tx, order.id, amountCents - providerCents, key);
    return {
      set: { refundedCents: order.refundedCents + amountCents },
      detail: { amountCents, refundId, providerCents },
    };
  },
  // An order cancelled before it was paid (cash on delivery) gives back what cards and credit paid;
  // a paid one's implied refund does (above).
  cancel: async (tx, order) => {
    if (order.status !== 'paid') await giveBackHeld(tx, [order.id]);
    return { set: {} };
  },
};

/**
 * A cash-on-delivery order's refund (decision 0063): the table refunds card payments only, so the
 * owner pays the cash back outside the shop, by bank transfer, as before. When gift cards or store
 * credit paid part of the order, the refund splits as a card order's does: the cash first, up to
 * what the courier collected (nothing before it did) less what was refunded before, and the rest
 * back to the cards and credit in the caller's transaction. The order counts the whole refund, so
 * the next one splits right. Answers the two shares.
 */
export async function refundCashOrder(
  tx: Tx,
  order: LockedOrder,
  amountCents: number,
  key: string,
): Promise<{ cashCents: number; cardCents: number }> {
  const amount = Math.min(amountCents, refundableCents(factsOf(order)));
  const collected = order.paidAt === null ? 0 : amountDueCents(order);
  const cashCents = Math.min(amount, Math.max(0, collected - order.refundedCents));
  const cardCents = amount > cashCents ? await giveBack(tx, order.id, amount - cashCents, key) : 0;
  if (cashCents + cardCents > 0)
    await tx
      .update(orders)
      .set({ refundedCents: order.refundedCents + cashCents + cardCents })
      .where(eq(orders.id, order.id));
  return { cashCents, cardCents };
}

/**
 * The one way an order moves (docs/decisions/0032, 0049): the table says whether `step` may be
 * taken from the locked order's state and where it leads, with the steps it implies (its `then`:
 * a delivery collects cash on delivery, a cancellation refunds a paid order). The row is updated
 * once and each step's event recorded, with the effects its subscribers ask for (api/src/effect-subscriptions.ts),
 * in the caller's transaction. An implied step's event says which step it was part of
 * (`partOf`). Answers the state it led to.
 */
export async function takeStep(tx: Tx, order: LockedOrder, step: OrderStep, input: StepInput) {
  const facts = factsOf(order);
  assertStep(step, facts, input.actor);
  const next = stepResult(step, facts, input.amountCents);
  const at = new Date();
  let set: StepInput['set'] = {};
  const events: { type: (typeof next.taken)[number]['event']; detail: Record<string, unknown> }[] = [];
  for (const { step: each, event } of next.taken) {
    const own = each === step;
    const eachInput: StepInput = own
      ? input
      : { actor: 'system', actorId: input.actorId, key: `${step}-${order.id}`, detail: { partOf: step } };
    const work = await STEP_WORK[each]?.(tx, order, eachInput, at);
    set = { ...set, ...eachInput.set, ...work?.set };
    events.push({ type: event, detail: { ...eachInput.detail, ...work?.detail } });
  }
  // The step's own event names the refund it implied (a paid order's cancellation), so that what
  // follows it can wait for that refund (its mail says "refunded in full": decision 0050).
  const implied = events.slice(1).find((event) => event.type === 'refunded');
  if (implied) events[0]!.detail.refundId = implied.detail.refundId;
  await tx
    .update(orders)
    .set({ ...set, status: next.status, fulfilment: next.fulfilment })
    .where(eq(orders.id, order.id));
  for (const event of events)
    await recordEvent(tx, order.id, event.type, { actorId: input.actorId, detail: event.detail });
  return next;
}
