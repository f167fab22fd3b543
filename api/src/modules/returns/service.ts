import type { Courier } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { returnLines, returns } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { chosenOffice } from '../couriers/offices.js';
import { lockOrder, readOrder } from '../orders/store.js';
import { recordWithdrawal } from '../withdrawals/service.js';
import { assess, outOfStock, shortOfStock, type ReturnBody } from './assess.js';
import { holdExchangeStock } from './held.js';
import { labelAfterApproval } from './label.js';
import { readReturns, toReturn, type ReturnRead } from './read.js';

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
export async function requestReturn(
  db: Db,
  userId: number,
  orderId: number,
  body: ReturnBody,
  courier: Courier = 'builtin',
): Promise<ReturnRead> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId, { of: userId });
    const now = new Date();
    const assessed = await assess(tx, locked, body, now);
    const order = locked!;
    // Where the shopper hands the parcel in: an open office of the courier in use (400 otherwise).
    const office = body.dropOffOfficeId
      ? await chosenOffice(tx, courier, body.dropOffOfficeId, 'dropOffOfficeId')
      : null;
    await holdExchangeStock(tx, assessed.lines);

    // A sealed item whose seal is broken comes back only as defective (assess.ts): under the legal
    // guarantee, not as a withdrawal, which no longer applies to it.
    const withdrawable = assessed.lines.filter(({ body: line }) => line.sealIntact !== false);
    let withdrawalId: number | null = null;
    if (assessed.withinWithdrawal && !locked!.withdrawn && withdrawable.length > 0) {
      const recorded = await recordWithdrawal(tx, {
        orderId: order.id,
        who: { userId },
        items: withdrawable.map(({ body: line }) => ({
          orderItemId: line.orderItemId,
          quantity: line.quantity,
          sealIntact: line.sealIntact,
        })),
        reason: `Return (${body.lines.map((line) => line.reason).join(', ')})`,
        // The order is locked and its lines read already: not again (decision 0069).
        known: {
          order,
          returnDays: assessed.settings.returnDays,
          lines: assessed.items.map((item) => ({
            id: item.id,
            quantity: item.quantity,
            hygieneSealed: assessed.sealed.has(item.productId),
          })),
        },
      });
      withdrawalId = recorded.id;
    }
    const [row] = await tx
      .insert(returns)
      .values({
        // The order's returns so far, counted under its lock, in the insert itself.
        reference: sql`${`${order.reference}-R`} || (select count(*) + 1 from ${returns} where ${returns.orderId} = ${order.id})`,
        orderId: order.id,
        userId,
        status: assessed.settings.returnsAutoApprove ? 'approved' : 'requested',
        decidedAt: assessed.settings.returnsAutoApprove ? now : null,
        outcome: body.outcome,
        note: body.note || null,
        refundCents: assessed.refundCents,
        labelCostCents: assessed.labelCostCents,
        withdrawalId,
        dropOffOfficeId: office?.id ?? null,
      })
      .returning();
    if (assessed.settings.returnsAutoApprove) await labelAfterApproval(tx, { id: row!.id, orderId: order.id });
    const lines = await tx
      .insert(returnLines)
      .values(
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
      )
      .returning();
    // Answered from the rows just written (a new return has no label yet: nothing to sign).
    return toReturn(row!, lines, () => ({ expires: 0, sig: '' }), office);
  });
}

/** `GET /api/orders/{id}/returns`: the shopper's returns of one of their orders (another's: 404). */
export async function listOrderReturns(db: Db, userId: number, orderId: number): Promise<ReturnRead[]> {
  const order = await readOrder(db, orderId);
  if (!order || order.userId !== userId) throw notFound('Order not found');
  return readReturns(db, { orderId });
}
