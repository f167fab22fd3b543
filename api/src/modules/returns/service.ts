import type { Return } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { returnLines, returns } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { lockOrder, readOrder } from '../orders/store.js';
import { recordWithdrawal } from '../withdrawals/service.js';
import { assess, outOfStock, shortOfStock, type ReturnBody } from './assess.js';
import { holdExchangeStock } from './held.js';
import { labelAfterApproval } from './label.js';
import { readReturns } from './read.js';

/*
 * Returns and size exchanges by the shopper (YEAR.md section 2, docs/decisions/0056): the quote,
 * the request itself (the exchange's new variant held at once, as checkout holds stock), and the
 * list. The owner's side is owner.ts; the outcomes, outcomes.ts.
 */

/** `POST /api/orders/{id}/returns/quote`: what the shopper would get back and pay for the label, before confirming. */
export async function quoteReturn(db: Db, userId: number, orderId: number, body: ReturnBody) {
  const order = await readOrder(db, orderId);
  const assessed = await assess(db, order && order.userId === userId ? order : null, body, new Date());
  if (await shortOfStock(db, assessed.lines)) throw outOfStock();
  return { refund: assessed.refundCents, labelCost: assessed.labelCostCents };
}

/**
 * `POST /api/orders/{id}/returns`: the shopper's request, on the order locked (one request of an
 * order at a time), the exchange variants locked in the fixed order and held at once (with one
 * left and many asking, exactly one holds it), the withdrawal of those lines recorded when made
 * within the withdrawal period, approved at once with `autoApprove`.
 */
export async function requestReturn(db: Db, userId: number, orderId: number, body: ReturnBody): Promise<Return> {
  const id = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId, { of: userId });
    const now = new Date();
    const assessed = await assess(tx, locked, body, now);
    const order = locked!;
    await holdExchangeStock(tx, assessed.lines);

    let withdrawalId: number | null = null;
    if (assessed.withinWithdrawal && !locked!.withdrawn) {
      const recorded = await recordWithdrawal(tx, {
        orderId: order.id,
        who: { userId },
        items: assessed.lines.map(({ body: line }) => ({ orderItemId: line.orderItemId, quantity: line.quantity })),
        reason: `Return (${body.lines.map((line) => line.reason).join(', ')})`,
      });
      withdrawalId = recorded.id;
    }
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(returns)
      .where(eq(returns.orderId, order.id))) as [{ count: number }];
    const [row] = await tx
      .insert(returns)
      .values({
        reference: `${order.reference}-R${count + 1}`,
        orderId: order.id,
        userId,
        status: assessed.settings.returnsAutoApprove ? 'approved' : 'requested',
        decidedAt: assessed.settings.returnsAutoApprove ? now : null,
        outcome: body.outcome,
        note: body.note || null,
        refundCents: assessed.refundCents,
        labelCostCents: assessed.labelCostCents,
        withdrawalId,
      })
      .returning({ id: returns.id });
    if (assessed.settings.returnsAutoApprove) await labelAfterApproval(tx, { id: row!.id, orderId: order.id });
    await tx.insert(returnLines).values(
      assessed.lines.map(({ body: line, item, stockTracked }) => ({
        returnId: row!.id,
        orderItemId: item.id,
        productId: item.productId,
        quantity: line.quantity,
        reason: line.reason,
        exchangeColorId: line.exchangeFor?.colorId ?? null,
        exchangeSize: line.exchangeFor?.size ?? null,
        held: line.exchangeFor && stockTracked ? line.quantity : 0,
        sealIntact: line.sealIntact ?? null,
      })),
    );
    return row!.id;
  });
  return (await readReturns(db, { id }))[0]!;
}

/** `GET /api/orders/{id}/returns`: the shopper's returns of one of their orders (another's: 404). */
export async function listOrderReturns(db: Db, userId: number, orderId: number): Promise<Return[]> {
  const order = await readOrder(db, orderId);
  if (!order || order.userId !== userId) throw notFound('Order not found');
  return readReturns(db, { orderId });
}
