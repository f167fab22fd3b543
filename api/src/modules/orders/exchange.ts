import type { Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import { sellReservation } from '../stock/service.js';
import { recordEvent, type OrderRow } from './store.js';

/** A line of an exchange order: the same product in another size or colour, named as bought. */
export interface ExchangeLine {
  productId: number;
  colorId: number;
  name: string;
  nameBg: string;
  colorName: string;
  colorNameBg: string;
  size: string;
  quantity: number;
  imageUrl: string;
  /** Units of tracked stock the return held for it (`reserved`): they become this order's, sold. */
  heldQuantity: number;
}

/**
 * An exchange order (YEAR.md section 2, decision 0056): of total 0, `paid`, `exchangeOf` the
 * original, to the original's delivery, in its language, and shipped like any order. It records
 * its `created` event only: no `paid` event, so no sale document, invoice or confirmation mail
 * (nothing was sold; the return's own mail tells the shopper). What the return held in stock is
 * sold to it (`reserved` and `on_hand` both less), in the caller's transaction. Answers its id.
 */
export async function placeExchangeOrder(tx: Tx, original: OrderRow, lines: ExchangeLine[]): Promise<number> {
  const now = new Date();
  const [placed] = await tx
    .insert(orders)
    .values({
      userId: original.userId,
      email: original.email,
      status: 'paid',
      // A card order that took no money: nothing to collect at the door, nothing to refund.
      paymentMethod: 'card',
      paymentProvider: 'exchange',
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
  await sellReservation(tx, id);
  return id;
}
