import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderItems, products } from '../../db/schema.js';
import { placeExchangeOrder } from '../orders/exchange.js';
import { withOrder } from '../orders/store.js';

/**
 * A complaint decided as a replacement (YEAR.md section 6, decision 0059): one new unit of the
 * line, as an order of total 0 (the returns' exchange order, `kind: 'replacement'`): paid, to the
 * original's delivery and in its language, no sale document, its unit taken from what is on hand
 * when the product's stock is counted. In the decision's transaction; answers the order's id.
 */
export async function placeReplacement(tx: Tx, complaint: { orderId: number; orderItemId: number }): Promise<number> {
  const [found] = await tx
    .select({ line: orderItems, tracked: products.stockTracked })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.id, complaint.orderItemId));
  const { line, tracked } = found!;
  return withOrder(tx, complaint.orderId, (order) =>
    placeExchangeOrder(
      tx,
      order,
      [
        {
          productId: line.productId,
          colorId: line.colorId,
          name: line.name,
          nameBg: line.nameBg,
          colorName: line.colorName,
          colorNameBg: line.colorNameBg,
          size: line.size,
          quantity: 1,
          imageUrl: line.imageUrl,
          heldQuantity: tracked ? 1 : 0,
        },
      ],
      { kind: 'replacement' },
    ),
  );
}
