import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderItems, productColors, products, returnLines, returns } from '../../db/schema.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { grantStoreCredit } from '../gift-cards/ledger.js';
import { refundCashOrder, takeStep } from '../orders/core.js';
import { PROVIDER_REFUND } from '../orders/effect-kinds.js';
import { placeExchangeOrder } from '../orders/exchange.js';
import { refundByKey, withOrder, type LockedOrder } from '../orders/store.js';
import { BACK_IN_STOCK } from '../stock/effect-kinds.js';
import { RETURN_MAIL } from './effect-kinds.js';
import { restockResellable } from './held.js';
import type { ReturnRow } from './read.js';

/*
 * What a received return gives the shopper, through the order core (YEAR.md section 2, decision
 * 0056): the resellable units back on hand, then a refund (the refund step, by lines, keyed by
 * the return: the provider refunds once and the credit note follows when the order was invoiced),
 * an exchange order of total 0 (the held units become its own), or store credit with its bonus.
 */

/**
 * Settles a received return in the caller's transaction, its row locked and `received`: the
 * stock, the outcome, the status it leads to, and the shopper's mail (after the provider's refund,
 * when there is one: never a mail of money that did not move).
 */
export async function settleReturn(tx: Tx, row: ReturnRow, actorId: number): Promise<void> {
  if (await restockResellable(tx, row.id)) {
    await enqueue(tx, [BACK_IN_STOCK.effect({}, { id: `return-${row.id}`, orderId: row.orderId })]);
  }
  const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
  let refundId: number | null = null;
  let exchangeOrderId: number | null = null;
  await withOrder(tx, row.orderId, async (order) => {
    if (row.outcome === 'refund') refundId = await refund(tx, order, row, lines, actorId);
    if (row.outcome === 'exchange') exchangeOrderId = await exchange(tx, order, row, lines);
    if (row.outcome === 'store-credit' && row.refundCents > 0) {
      const userId = row.userId ?? order.userId;
      // An account deleted since: there is nobody to credit (the owner reads the return as credited, with 0).
      if (userId !== null)
        await grantStoreCredit(tx, userId, row.refundCents, `Return ${row.reference}`, `return:${row.id}`);
    }
  });
  const status = row.outcome === 'refund' ? 'refunded' : row.outcome === 'exchange' ? 'exchanged' : 'credited';
  await tx.update(returns).set({ status, exchangeOrderId, updatedAt: new Date() }).where(eq(returns.id, row.id));
  await enqueue(tx, [
    RETURN_MAIL.effect(
      { returnId: row.id, kind: 'settled' },
      {
        id: `${row.id}:settled`,
        orderId: row.orderId,
        after: refundId === null ? null : PROVIDER_REFUND.key(refundId),
      },
    ),
  ]);
}

/**
 * The refund step with the return's lines and amount (the label's cost is the credit note's
 * deduction), keyed by the return. A cash-on-delivery order's cash is paid back outside the shop
 * (the table refunds card payments only), as a complaint's is, and what gift cards or store credit
 * paid past the cash goes back to them (`refundCashOrder`); nothing to refund (0), nothing moves.
 */
async function refund(
  tx: Tx,
  order: LockedOrder,
  row: ReturnRow,
  lines: (typeof returnLines.$inferSelect)[],
  actorId: number,
): Promise<number | null> {
  if (row.refundCents === 0) return null;
  const key = `return-${row.id}`;
  if (order.paymentMethod !== 'card') {
    await refundCashOrder(tx, order, row.refundCents, key);
    return null;
  }
  await takeStep(tx, order, 'refund', {
    actor: 'admin',
    actorId,
    amountCents: row.refundCents,
    key,
    lines: lines.map((line) => ({ orderItemId: line.orderItemId, quantity: line.quantity })),
    detail: { returnId: row.id },
  });
  return (await refundByKey(tx, order.id, key))?.id ?? null;
}

/** The exchange order of the return's lines in their new size or colour; the return's hold is its stock. */
async function exchange(
  tx: Tx,
  order: LockedOrder,
  row: ReturnRow,
  lines: (typeof returnLines.$inferSelect)[],
): Promise<number> {
  const wanted = await tx
    .select({
      line: returnLines,
      item: orderItems,
      colorName: productColors.colorName,
      colorNameBg: productColors.colorNameBg,
      imageUrl: sql<string>`coalesce(nullif(${productColors.imageUrl}, ''), ${products.imageUrl}, '')`,
    })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .innerJoin(productColors, eq(productColors.id, returnLines.exchangeColorId))
    .leftJoin(products, eq(products.id, productColors.productId))
    .where(and(eq(returnLines.returnId, row.id)));
  const id = await placeExchangeOrder(
    tx,
    order,
    wanted.map(({ line, item, colorName, colorNameBg, imageUrl }) => ({
      productId: item.productId,
      colorId: line.exchangeColorId!,
      name: item.name,
      nameBg: item.nameBg,
      colorName,
      colorNameBg,
      size: line.exchangeSize!,
      quantity: line.quantity,
      imageUrl,
      heldQuantity: line.held,
    })),
  );
  // The units held are the exchange order's now (sold to it): the return holds nothing more.
  if (lines.some((line) => line.held > 0)) {
    await tx.update(returnLines).set({ held: 0 }).where(eq(returnLines.returnId, row.id));
  }
  return id;
}
