import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Size } from '@shop/contract';
import { orders } from '../../db/schema.js';
import type { TestHarness } from '../../test/harness.js';
import { bearer, type CreatedProduct, type CreatedUser } from '../../test/factories.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';

const DAY_MS = 86_400_000;

export interface DeliveredOrder {
  user: CreatedUser;
  orderId: number;
  reference: string;
  product: CreatedProduct;
  lines: { id: number; quantity: number; size: string; unitPrice: number }[];
}

/**
 * A cash-on-delivery (or card) order of `lines` of one product (its first colour), placed through checkout
 * and then marked delivered (and so paid) `deliveredDaysAgo` days ago.
 */
export async function deliveredOrder(
  t: Pick<TestHarness, 'app' | 'db' | 'createUser' | 'createProduct'>,
  options: {
    product?: CreatedProduct;
    lines?: { size: Size; quantity: number }[];
    deliveredDaysAgo?: number;
    locale?: 'en' | 'bg';
    user?: CreatedUser;
    /** Paid by card on the test page (a refund then goes through the provider), else cash on delivery. */
    payment?: 'card' | 'cod';
  } = {},
): Promise<DeliveredOrder> {
  const user = options.user ?? (await t.createUser({ locale: options.locale, name: 'Mira Koleva' }));
  const product = options.product ?? (await t.createProduct({ priceCents: 5000, stock: 10, name: 'Linen Shirt' }));
  for (const line of options.lines ?? [{ size: 'S', quantity: 2 }]) {
    await addCartLine(t.db, user, product, { quantity: line.quantity, size: line.size });
  }
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod: options.payment ?? 'cod' },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const orderId = answer.json().orderId as number;
  if (options.payment === 'card') await payOnTestPage(t.app, answer.json().sessionId);
  const deliveredAt = new Date(Date.now() - (options.deliveredDaysAgo ?? 1) * DAY_MS);
  await t.db
    .update(orders)
    .set({ status: 'paid', fulfilment: 'delivered', paidAt: deliveredAt, shippedAt: deliveredAt, deliveredAt })
    .where(eq(orders.id, orderId));
  const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
  return { user, orderId, reference: order.reference, product, lines: order.items };
}

/** A refund return of one unit of the order's first line, asked by its shopper; the return as answered (201). */
export async function returnOneUnit(t: Pick<TestHarness, 'app'>, order: DeliveredOrder, reason = 'too-small') {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.orderId}/returns`,
    headers: bearer(order.user),
    payload: { lines: [{ orderItemId: order.lines[0]!.id, quantity: 1, reason }], outcome: 'refund' },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().return as { id: number; reference: string; status: string };
}
