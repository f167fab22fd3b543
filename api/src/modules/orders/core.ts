import { stepRefusal, stepResult, type OrderActor, type OrderFacts, type OrderStep } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from './lifecycle.js';

type OrderRow = typeof orders.$inferSelect;

/** What the transition table (contract/src/order-steps.ts) reads of an order row. */
export const factsOf = (row: OrderRow, { withdrawn = false } = {}): OrderFacts => ({
  status: row.status,
  fulfilment: row.fulfilment,
  paymentMethod: row.paymentMethod,
  totalCents: row.totalCents,
  refundedCents: row.refundedCents,
  awaitsConfirmation: row.confirmationRequired && row.confirmedAt === null,
  withdrawn,
});

/** 409 INVALID_TRANSITION with the table's reason, unless `actor` may take `step` on the order. */
export function assertStep(step: OrderStep, facts: OrderFacts, actor: OrderActor): void {
  const refusal = stepRefusal(step, facts, actor);
  if (refusal) throw new AppError('INVALID_TRANSITION', refusal);
}

export interface StepInput {
  actor: OrderActor;
  /** The admin or shopper who took it (null: the shop itself). */
  actorId?: number | undefined;
  /** Columns the step sets besides the state (a tracking number, a time). */
  set?: Partial<Omit<OrderRow, 'id' | 'status' | 'fulfilment'>>;
  /** What the event records (a reason, an amount): its subscribers read it too. */
  detail?: Record<string, unknown>;
  withdrawn?: boolean;
  /** What a refund gives back (the table's `to` needs it). */
  amountCents?: number;
}

/**
 * The one way an order moves (docs/decisions/0032): the table says whether `step` may be taken
 * from the locked row's state and where it leads; the row is updated and the step's event
 * recorded, with the effects its subscribers ask for (subscribers.ts), in the caller's
 * transaction. Answers the state it led to.
 */
export async function takeStep(tx: Tx, row: OrderRow, step: OrderStep, input: StepInput) {
  const facts = factsOf(row, { withdrawn: input.withdrawn });
  assertStep(step, facts, input.actor);
  const next = stepResult(step, facts, input.amountCents);
  await tx
    .update(orders)
    .set({ ...input.set, status: next.status, fulfilment: next.fulfilment })
    .where(eq(orders.id, row.id));
  await recordEvent(tx, row.id, next.event, { actorId: input.actorId, detail: input.detail });
  return next;
}
