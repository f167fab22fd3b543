import {
  allowedSteps as stepsTheTableAllows,
  fromCents,
  orderFacts,
  refundableCents,
  stepRefusal,
  type AdminOrder,
} from '@shop/contract';

/**
 * The steps the admin's order screen has a button for, in the order it shows them. `shipment` is
 * the table's `ship` done by the courier (TRADE.md section 6): the label made, the tracking filled.
 */
export const ORDER_STEPS = ['confirm', 'shipment', 'ship', 'deliver', 'cancel', 'refund', 'return'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

type Facts = Parameters<typeof orderFacts>[0];

/** A cash-on-delivery order of a new account that the owner has not confirmed yet: the table's confirm step. */
export const awaitsConfirmation = (order: Facts) => stepRefusal('confirm', orderFacts(order), 'admin') === null;

/** What is left to refund, in the currency unit (the table's reckoning, in cents). */
export const refundable = (order: Facts) => fromCents(refundableCents(orderFacts(order)));

/**
 * The steps the transition table (contract/src/order-steps.ts) lets the admin take on the order
 * now: only these are offered; the server still checks each.
 */
export function allowedSteps(order: AdminOrder): OrderStep[] {
  const table: readonly string[] = stepsTheTableAllows(orderFacts(order), 'admin');
  // An order that may ship to a known place may ship through the courier.
  const courier = table.includes('ship') && order.delivery !== null;
  return ORDER_STEPS.filter((step) => table.includes(step) || (step === 'shipment' && courier));
}
