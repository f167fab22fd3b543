import {
  allowedSteps as stepsTheTableAllows,
  fromCents,
  orderFacts,
  refundableCents,
  stepRefusal,
  type AdminOrder,
} from '@shop/contract';

/** The steps the admin's order screen has a button for, in the order it shows them. */
export const ORDER_STEPS = ['confirm', 'ship', 'deliver', 'cancel', 'refund', 'return'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

type Facts = Parameters<typeof orderFacts>[0];

const isAdminStep = (step: string): step is OrderStep => (ORDER_STEPS as readonly string[]).includes(step);

/** A cash-on-delivery order of a new account that the owner has not confirmed yet: the table's confirm step. */
export const awaitsConfirmation = (order: Facts) => stepRefusal('confirm', orderFacts(order), 'admin') === null;

/** What is left to refund, in the currency unit (the table's reckoning, in cents). */
export const refundable = (order: Facts) => fromCents(refundableCents(orderFacts(order)));

/**
 * The steps the transition table (contract/src/order-steps.ts) lets the admin take on the order
 * now: only these are offered; the server still checks each.
 */
export const allowedSteps = (order: AdminOrder): OrderStep[] =>
  stepsTheTableAllows(orderFacts(order), 'admin').filter(isAdminStep);
