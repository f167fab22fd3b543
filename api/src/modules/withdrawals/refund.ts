import { OrderSchema, withdrawalRefund } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withdrawals } from '../../db/schema.js';
import { encodeAnswer } from '../../lib/answers.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { refundCashOrder } from '../orders/core.js';
import { toOrders } from '../orders/service.js';
import { withOrder } from '../orders/store.js';
import { WITHDRAWAL_REFUND_MAIL } from './effect-kinds.js';

/**
 * The owner refunds a cash-on-delivery order's withdrawal (decisions 0063, 0070): `amountCents`,
 * or all of the withdrawal's refund that is left (at most that: 400 on `amount` past it). It splits
 * as a return's or a complaint's refund does (`refundCashOrder`): the cash first, up to what the
 * courier collected less what was refunded before, which the owner pays back by bank transfer;
 * the rest back to store credit, then to the gift cards, in this transaction. The order counts the
 * whole refund. The shopper is mailed what went where; audited. A card order's withdrawal is
 * refunded through the provider (the order's refund step): 409 INVALID_TRANSITION here, as for
 * nothing left to refund or nothing paid yet; an order without a withdrawal: 404.
 */
export async function refundCashWithdrawal(
  db: Db,
  actorId: number,
  orderId: number,
  amountCents: number | undefined,
): Promise<{ cashCents: number; cardCents: number }> {
  return db.transaction((tx) =>
    withOrder(tx, orderId, async (order) => {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.orderId, orderId));
      const [view] = await toOrders(tx, [order]);
      // The contract's reading, as the order pages make it: on the order as answered (money in units).
      const due = view && withdrawalRefund(encodeAnswer(OrderSchema, view));
      if (!row || !due) throw notFound('This order has no withdrawal.');
      if (order.paymentMethod !== 'cod') {
        throw conflict(
          'INVALID_TRANSITION',
          'This order was paid by card: refund its withdrawal through the payment provider (Refund).',
        );
      }
      if (due.toRefundCents === 0)
        throw conflict('INVALID_TRANSITION', 'Nothing of this withdrawal is left to refund.');
      const wanted = amountCents ?? due.toRefundCents;
      if (wanted > due.toRefundCents) {
        const message = `At most ${(due.toRefundCents / 100).toFixed(2)} of this withdrawal is left to refund.`;
        throw new AppError('VALIDATION_ERROR', message, { amount: message });
      }
      // Keyed by the withdrawal and what the order had refunded before: a second part refund has a key of its own.
      const key = `withdrawal-${row.id}-${order.refundedCents}`;
      const shares = await refundCashOrder(tx, order, wanted, key);
      // No cash collected yet and no card or credit paid: nothing to give back (the owner cancels instead).
      if (shares.cashCents + shares.cardCents === 0) {
        throw conflict('INVALID_TRANSITION', 'Nothing of this order was paid yet: cancel it instead.');
      }
      await audit(tx, {
        actorId,
        action: 'withdrawal.refund',
        target: `order:${orderId}`,
        detail: { withdrawalId: row.id, ...shares },
      });
      await enqueue(tx, [
        WITHDRAWAL_REFUND_MAIL.effect(
          { withdrawalId: row.id, key, amountCents: shares.cashCents + shares.cardCents },
          { id: key, orderId },
        ),
      ]);
      return shares;
    }),
  );
}
