import { expect } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

/** A cash-on-delivery order of two lines (2 + 1), placed at once, by a shopper named "Ana Petrova". */
export async function placedOrder(t: Pick<TestApp, 'app' | 'db'>, options: { locale?: 'en' | 'bg' } = {}) {
  const user = await createUser(t.db, { locale: options.locale, name: 'Ana Petrova' });
  const product = await createProduct(t.db, {
    priceCents: 4000,
    stock: 10,
    name: 'Oxblood Hoodie',
    colorsBg: ['Оникс'],
  });
  await addCartLine(t.db, user, product, { quantity: 2 });
  await addCartLine(t.db, user, product, { quantity: 1, size: product.sizes[1] });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: { ...TEST_DELIVERY, name: 'Ana P. Receiver' }, paymentMethod: 'cod' },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const orderId = answer.json().orderId as number;
  const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
  return {
    user,
    orderId,
    reference: order.reference as string,
    lines: order.items as { id: number; quantity: number }[],
  };
}
