import { describe, expect, it } from 'vitest';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

/** CURRENCY=EUR, as a Bulgarian owner runs the shop (README: Configuration): euros end to end. */
const t = useTestApp({ env: { CURRENCY: 'EUR' }, smtp: true });

const NBSP = '\u00a0';

async function shopperWithCart(locale: 'en' | 'bg') {
  const user = await createUser(t.db, { locale });
  const product = await createProduct(t.db, { priceCents: 123_450, name: 'Cashmere Coat' });
  await addCartLine(t.db, user, product, { quantity: 1 });
  return user;
}

describe('with CURRENCY=EUR', () => {
  it('the settings tell the web app the currency, and that card payments are taken', async () => {
    expect((await t.app.inject('/api/settings')).json()).toMatchObject({
      currency: 'EUR',
      pricesIncludeVat: true,
      payments: { card: true },
    });
  });

  it('orders are in euros, and so are the confirmation mails in both languages', async () => {
    for (const [locale, total] of [
      ['en', '€1,234.50'],
      ['bg', `1234,50${NBSP}€`],
    ] as const) {
      const user = await shopperWithCart(locale);
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/checkout/session',
        headers: bearer(user),
        payload: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = (await t.app.inject({ url: `/api/orders/${placed.json().orderId}`, headers: bearer(user) })).json();
      expect(order.currency).toBe('EUR');
      const mail = await t.smtp.waitFor(user.email);
      expect(mail.text).toContain(total);
      expect(mail.text).not.toContain('$');
    }
  });

  it('the built-in payment page asks for euros', async () => {
    const user = await shopperWithCart('en');
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(user),
      payload: { delivery: TEST_DELIVERY },
    });
    expect(session.statusCode, session.body).toBe(201);
    const page = await t.app.inject(`/pay/${session.json().sessionId}`);
    expect(page.body).toContain('€');
    expect(page.body).not.toContain('$');
  });
});
