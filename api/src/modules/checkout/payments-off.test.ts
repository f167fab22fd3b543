import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { addCartLine, cartOf, TEST_DELIVERY } from '../payments/test-support.js';

/** PAYMENTS=off: a shop that takes no card payments (no Stripe, and no test page for new orders). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENTS: 'off' });
});
afterAll(() => t.close());

const order = (user: { token: string }, paymentMethod: 'card' | 'cod') =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod },
  });

describe('card payments switched off', () => {
  it('tell the web app so: the checkout offers cash on delivery only', async () => {
    const response = await t.app.inject('/api/checkout');
    expect(response.json()).toEqual({ provider: 'local', cardPayments: false, currency: 'USD' });
  });

  it('refuse a card checkout with 400 naming the payment method, and leave the cart as it was', async () => {
    const user = await createUser(t.db);
    await addCartLine(t.db, user, await createProduct(t.db));
    const refused = await order(user, 'card');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Card payments are switched off: choose cash on delivery.',
      fields: { paymentMethod: 'Card payments are switched off: choose cash on delivery.' },
    });
    expect(await cartOf(t.db, user.id)).toHaveLength(1);

    const cod = await order(user, 'cod');
    expect(cod.statusCode, cod.body).toBe(201);
  });
});
