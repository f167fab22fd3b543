import type { Tx } from '../../db/client.js';
import { sellReservation } from '../stock/service.js';
import { takeStep } from './core.js';
import { removeBoughtCartLines } from './lifecycle.js';
import { amountDueCents, lockOrder, type OrderRow } from './store.js';

/**
 * The provider an order paid at once carries: nothing was due, so no provider took part (no
 * session, no page, no transaction). Its sale document is paid by "other" (the audit file's kind 5).
 */
export const NOTHING_DUE_PROVIDER = 'none';

/** Whether the order was paid at once because nothing was due (payNothingDue). */
export const paidWithNothingDue = (order: Pick<OrderRow, 'paymentProvider' | 'paidAt'>): boolean =>
  order.paymentProvider === NOTHING_DUE_PROVIDER && order.paidAt !== null;

/**
 * An order with nothing to pay is paid at once, with no provider page (YEAR.md section 3; decision
 * 0051): in the caller's transaction, a pending checkout whose amount due is 0 takes the table's
 * `pay` step as the shop, forgets any session it was given, sells what it reserved and takes the
 * bought lines off the cart, as a confirmed payment would. Its `paid` event brings what any paid
 * order gets (the confirmation mail, the sale document, the invoice asked for). Answers whether it
 * was paid (false: something is due, or it is not a pending checkout).
 */
export async function payNothingDue(tx: Tx, orderId: number): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.status !== 'pending' || amountDueCents(order) !== 0) return false;
  await takeStep(tx, order, 'pay', {
    actor: 'system',
    set: {
      paymentProvider: NOTHING_DUE_PROVIDER,
      paymentSessionId: null,
      paymentUrl: null,
      paymentReference: null,
      expiresAt: null,
    },
    detail: { nothingDue: true },
  });
  await sellReservation(tx, order.id);
  await removeBoughtCartLines(tx, order);
  return true;
}
