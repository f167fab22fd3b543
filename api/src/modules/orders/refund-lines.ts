import { refundUnitsCents, type RefundLineInput } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderItems, type RefundLine } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * The lines a refund gives back, checked against the order's lines (each its own, no more units
 * than are left unrefunded: 400 VALIDATION_ERROR on `lines` otherwise), with what each costs; the
 * lines' refunded units are counted in the caller's transaction, the order row locked.
 */
export async function takeRefundLines(tx: Tx, orderId: number, asked: RefundLineInput[]): Promise<RefundLine[]> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const refused = (message: string) => new AppError('VALIDATION_ERROR', message, { lines: message });
  const taken: RefundLine[] = [];
  for (const line of asked) {
    const item = items.find((each) => each.id === line.orderItemId);
    if (!item) throw refused(`Line ${line.orderItemId} is not a line of this order.`);
    const left = item.quantity - item.refundedQuantity;
    if (line.quantity > left) throw refused(`At most ${left} of "${item.name}" (${item.size}) can still be refunded.`);
    const value = item.unitPriceCents * item.quantity - item.discountCents;
    taken.push({
      orderItemId: item.id,
      quantity: line.quantity,
      amountCents: refundUnitsCents(value, item.quantity, item.refundedQuantity, item.refundedQuantity + line.quantity),
    });
  }
  for (const line of taken)
    await tx
      .update(orderItems)
      .set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}` })
      .where(and(eq(orderItems.id, line.orderItemId), eq(orderItems.orderId, orderId)));
  return taken;
}
