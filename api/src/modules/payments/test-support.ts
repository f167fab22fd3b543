import type { Size } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cartItems, orders } from '../../db/schema.js';
import type { App } from '../../app.js';
import { bearer, type CreatedProduct, type CreatedUser } from '../../test/factories.js';

/** Test helpers shared by the checkout, orders and payments suites. */

export async function addCartLine(
  db: Db,
  user: { id: number },
  product: CreatedProduct,
  line: { quantity: number; size?: Size; color?: number } = { quantity: 1 },
): Promise<void> {
  const color = product.colors[line.color ?? 0];
  if (!color) throw new Error('the product has no such colour');
  await db.insert(cartItems).values({
    userId: user.id,
    productId: product.id,
    colorId: color.id,
    size: line.size ?? product.sizes[0] ?? 'M',
    quantity: line.quantity,
  });
}

/** A delivery to a street address in Sofia, as the checkout form sends it. */
export const TEST_DELIVERY = {
  method: 'address',
  name: 'Ana Petrova',
  phone: '+359 88 123 4567',
  country: 'BG',
  city: 'Sofia',
  postcode: '1000',
  line1: '1 Vitosha Blvd',
} as const;

export async function checkout(app: App, user: CreatedUser, lang?: 'en' | 'bg') {
  const response = await app.inject({
    method: 'POST',
    url: `/api/checkout/session${lang ? `?lang=${lang}` : ''}`,
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY },
  });
  if (response.statusCode !== 201) throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  return response.json<{ sessionId: string; url: string }>();
}

export async function orderOf(db: Db, sessionId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  if (!order) throw new Error(`no order for ${sessionId}`);
  return order;
}

export const cartOf = (db: Db, userId: number) =>
  db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(cartItems.id);

/** Pays a session on the built-in test page with the card that succeeds (4242…), as a browser posts the form. */
export async function payOnTestPage(app: App, sessionId: string): Promise<void> {
  const paid = await app.inject({
    method: 'POST',
    url: `/pay/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'cardNumber=4242+4242+4242+4242&expiry=12%2F39&cvc=123&name=Ana',
  });
  if (paid.statusCode !== 303) throw new Error(`the test page answered ${paid.statusCode}: ${paid.body}`);
}
