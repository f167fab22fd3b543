import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';

/** Orders paid on the built-in test page say so wherever they are seen: no money moved. */
const t = useTestApp({ smtp: true, admin: true });

async function order(paymentMethod: 'card' | 'cod', locale: 'en' | 'bg' = 'en') {
  const user = await createUser(t.db, { locale });
  await addCartLine(t.db, user, await createProduct(t.db, { priceCents: 4200 }));
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { orderId, sessionId } = placed.json<{ orderId: number; sessionId: string | null }>();
  if (paymentMethod === 'card') await payOnTestPage(t.app, sessionId!);
  return { user, orderId };
}

const adminOrder = async (id: number) =>
  (await t.app.inject({ url: `/api/admin/orders/${id}`, headers: bearer(t.admin) })).json<{ testPayment: boolean }>();

const listed = async (id: number) => {
  const page = await t.app.inject({ url: '/api/admin/orders?limit=100', headers: bearer(t.admin) });
  return page.json<{ data: { id: number; testPayment: boolean }[] }>().data.find((row) => row.id === id);
};

describe('a test payment', () => {
  it('is marked on the admin order and in the admin list; cash on delivery and a pending card order are not', async () => {
    const paid = await order('card');
    const cod = await order('cod');
    const pending = await order('cod');
    await t.db
      .update(orders)
      .set({ status: 'pending', paymentMethod: 'card', paidAt: null })
      .where(eq(orders.id, pending.orderId));
    expect((await adminOrder(paid.orderId)).testPayment).toBe(true);
    expect((await listed(paid.orderId))?.testPayment).toBe(true);
    expect((await adminOrder(cod.orderId)).testPayment).toBe(false);
    expect((await listed(cod.orderId))?.testPayment).toBe(false);
    expect((await adminOrder(pending.orderId)).testPayment).toBe(false);
  });

  it('is not one when a real provider took the money', async () => {
    const paid = await order('card');
    await t.db.update(orders).set({ paymentProvider: 'stripe' }).where(eq(orders.id, paid.orderId));
    expect((await adminOrder(paid.orderId)).testPayment).toBe(false);
  });

  it('has TEST PAYMENT in a column of its own in the CSV export, beside the payment method', async () => {
    const paid = await order('card');
    const cod = await order('cod');
    const today = new Date().toISOString().slice(0, 10);
    const csv = await t.app.inject({
      url: `/api/admin/orders/export.csv?from=${today}&to=${today}`,
      headers: bearer(t.admin),
    });
    const [header, ...rows] = csv.body.trim().split('\r\n');
    const columns = header!.split(',');
    const column = columns.indexOf('test_payment');
    expect(column).toBe(columns.indexOf('payment_method') + 1);
    const cell = (id: number) => rows.find((row) => row.startsWith(`${id},`))!.split(',')[column];
    expect(cell(paid.orderId)).toBe('TEST PAYMENT');
    expect(cell(cod.orderId)).toBe('');
  });

  it('says so in its mails, in the language of the order', async () => {
    const english = await order('card', 'en');
    const bulgarian = await order('card', 'bg');
    const cod = await order('cod');
    const en = await t.smtp.waitFor(english.user.email, (mail) => /confirmed/.test(mail.subject));
    expect(en.text).toContain("TEST PAYMENT: this order was paid on the shop's test payment page");
    expect(en.html).toContain('TEST PAYMENT');
    const bg = await t.smtp.waitFor(bulgarian.user.email, (mail) => /потвърдена/.test(mail.subject));
    expect(bg.text).toContain('ТЕСТОВО ПЛАЩАНЕ: поръчката е платена на тестовата страница за плащане');
    expect(bg.html).toContain('ТЕСТОВО ПЛАЩАНЕ');
    const plain = await t.smtp.waitFor(cod.user.email, (mail) => /confirmed/.test(mail.subject));
    expect(plain.text).not.toContain('TEST PAYMENT');

    // Every later mail of the order says it too.
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${english.orderId}/ship`,
      headers: bearer(t.admin),
      payload: { carrier: 'Speedy', trackingNumber: 'SP123' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const onItsWay = await t.smtp.waitFor(english.user.email, (mail) => /on its way/.test(mail.subject));
    expect(onItsWay.text).toContain('TEST PAYMENT');
  });
});
