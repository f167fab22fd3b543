import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, cartOf, TEST_DELIVERY } from '../payments/test-support.js';

/** PAYMENTS=off: a shop that takes no card payments (no Stripe, and no test page for new orders). */
const t = useTestApp({ env: { PAYMENTS: 'off' } });

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

  it('say so in the public settings, which every page reads (server-rendered ones too), and after a change', async () => {
    expect((await t.app.inject('/api/settings')).json().payments).toEqual({ card: false });
    const owner = await createUser(t.db, { role: 'ADMIN' });
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(owner),
      payload: { returnDays: 30 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().payments).toEqual({ card: false });
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

  it('take no test payment on a session opened before cards were switched off', async () => {
    const user = await createUser(t.db);
    await addCartLine(t.db, user, await createProduct(t.db));
    const { orderId } = (await order(user, 'cod')).json<{ orderId: number }>();
    const sessionId = 'cs_local_opened_before_the_switch_0001';
    await t.db
      .update(orders)
      .set({
        status: 'pending',
        paymentMethod: 'card',
        paymentSessionId: sessionId,
        expiresAt: new Date(Date.now() + 600_000),
      })
      .where(eq(orders.id, orderId));
    expect((await t.app.inject(`/pay/${sessionId}`)).statusCode).toBe(404);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/${sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242+4242+4242+4242&expiry=12%2F39&cvc=123&name=Ana',
    });
    expect(paid.statusCode).toBe(404);
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.paidAt).toBeNull();
  });
});
