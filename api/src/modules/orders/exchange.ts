import type { Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import { sellReservation, sellUnreserved } from '../stock/service.js';
import { recordEvent, type OrderRow } from './store.js';

/** A line of an exchange order: the same product in another size or colour, named as bought. */
export interface ExchangeLine {
  productId: number;
  colorId: number | null;
  name: string;
  nameBg: string;
  colorName: string;
  colorNameBg: string;
  size: string;
  quantity: number;
  imageUrl: string;
  /**
   * Units of tracked stock the line takes: an exchange's were held by the return (`reserved`) and
   * become this order's, sold; a replacement's are taken from what is on hand (never below 0).
   */
  heldQuantity: number;
}

/** What a follow-up order of total 0 stands for: a return's exchange, or a complaint's replacement (decision 0059). */
export type FollowUpKind = 'exchange' | 'replacement';

/**
 * An exchange order (YEAR.md section 2, decision 0056): of total 0, `paid`, `exchangeOf` the
 * original, to the original's delivery, in its language, and shipped like any order. It records
 * its `created` event only: no `paid` event, so no sale document, invoice or confirmation mail
 * (nothing was sold; the return's own mail tells the shopper). What the return held in stock is
 * sold to it (`reserved` and `on_hand` both less), in the caller's transaction. Answers its id.
 * A complaint's replacement (`kind: 'replacement'`, decision 0059) is the same order, its
 * provider named `replacement`: nothing was held, so its units leave what is on hand.
 */
export async function placeExchangeOrder(
  tx: Tx,
  original: OrderRow,
  lines: ExchangeLine[],
  { kind = 'exchange' }: { kind?: FollowUpKind } = {},
): Promise<number> {
  const now = new Date();
  const [placed] = await tx
    .insert(orders)
    .values({
      userId: original.userId,
      email: original.email,
      status: 'paid',
      // A card order that took no money: nothing to collect at the door, nothing to refund.
      paymentMethod: 'card',
      paymentProvider: kind,
      currency: original.currency,
      totalCents: 0,
      locale: original.locale,
      delivery: original.delivery,
      paidAt: now,
      exchangeOf: original.id,
    })
    .returning({ id: orders.id });
  const id = placed!.id;
  await tx.insert(orderItems).values(
    lines.map((line) => ({
      orderId: id,
      productId: line.productId,
      colorId: line.colorId,
      name: line.name,
      nameBg: line.nameBg,
      colorName: line.colorName,
      colorNameBg: line.colorNameBg,
      size: line.size,
      unitPriceCents: 0,
      quantity: line.quantity,
      imageUrl: line.imageUrl,
      stockQuantity: line.heldQuantity,
    })),
  );
  await recordEvent(tx, id, 'created');
  if (kind === 'exchange') await sellReservation(tx, id);
  else await sellUnreserved(tx, id);
  return id;
}
