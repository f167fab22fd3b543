import type { AdminOrder } from '@shop/contract';

export const ORDER_STEPS = ['confirm', 'ship', 'deliver', 'cancel', 'refund', 'return'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** A cash-on-delivery order of a new account that the owner has not confirmed yet: it cannot ship. */
export const awaitsConfirmation = (order: Pick<AdminOrder, 'confirmationRequired' | 'confirmedAt' | 'status'>) =>
  order.confirmationRequired && order.confirmedAt === null && order.status === 'placed';

/** What is left to refund, in cents then back to the currency unit (no float dust). */
export const refundable = (order: Pick<AdminOrder, 'total' | 'refunded'>) =>
  Math.max(0, Math.round(order.total * 100) - Math.round(order.refunded * 100)) / 100;

/**
 * The steps the order's state allows, as the API's table says (OPERATIONS.md section 5): only
 * these are offered; the server still checks each.
 */
export function allowedSteps(order: AdminOrder): OrderStep[] {
  const { status, fulfilment } = order;
  const steps: OrderStep[] = [];
  if (awaitsConfirmation(order) && fulfilment === 'unfulfilled') steps.push('confirm');
  else if ((status === 'paid' || status === 'placed') && fulfilment === 'unfulfilled') steps.push('ship');
  if (fulfilment === 'shipped') steps.push('deliver');
  if ((status === 'pending' || status === 'placed' || status === 'paid') && fulfilment === 'unfulfilled')
    steps.push('cancel');
  // Only a card payment goes back through the provider; cash is handed back outside the shop.
  if (status === 'paid' && order.paymentMethod === 'card' && refundable(order) > 0) steps.push('refund');
  if (fulfilment === 'shipped' || fulfilment === 'delivered') steps.push('return');
  return steps;
}
