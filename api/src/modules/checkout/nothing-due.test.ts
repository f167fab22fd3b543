import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, productStock, saleDocuments } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, cartOf, TEST_DELIVERY } from '../payments/test-support.js';
import { auditTotals, paymOf } from '../documents/audit-file.js';

/**
 * An order with nothing to pay is placed and paid at once, with no provider page (issue 43,
 * YEAR.md section 3, decision 0051): a 100 % code with free delivery makes a 0.00 order.
 */
const t = useTestApp({ env: { CURRENCY: 'EUR' }, smtp: true, admin: true });

let codes = 0;
async function wholeCode() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/discount-codes',
    headers: bearer(t.admin),
    payload: { code: `ALL-${(codes += 1)}`, kind: 'percent', value: 100 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ code: string }>().code;
}

beforeAll(async () => {
  // Delivery is free from 0 of goods: a cart the code takes whole costs nothing delivered.
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(t.admin),
    payload: { delivery: { freeFrom: 0 }, cod: { enabled: true, fee: 2.5 } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

async function shopperWithCart() {
  const user = await t.createUser();
  const product = await t.createProduct({ priceCents: 4900, stock: 5 });
  await addCartLine(t.db, user, product, { quantity: 2 });
  return { user, product };
}

const checkout = (user: CreatedUser, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/checkout/session', headers: bearer(user), payload: body });

describe('a checkout with nothing to pay', () => {
  it('is paid at once by card: no provider page, the answer leads to the confirmation, a sale document of kind "other"', async () => {
    const { user, product } = await shopperWithCart();
    const response = await checkout(user, {
      delivery: TEST_DELIVERY,
      paymentMethod: 'card',
      discountCode: await wholeCode(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<{ orderId: number; sessionId: string | null; url: string; next: string }>();
    expect(answer).toEqual({
      orderId: answer.orderId,
      sessionId: null,
      url: `/checkout-success?order_id=${answer.orderId}`,
      next: 'confirmation',
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order).toMatchObject({
      status: 'paid',
      paymentMethod: 'card',
      paymentProvider: 'none',
      paymentSessionId: null,
      paymentUrl: null,
      totalCents: 0,
      codFeeCents: 0,
      expiresAt: null,
    });
    expect(order!.paidAt).not.toBeNull();
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((event) => event.type)).toEqual(['created', 'paid']);
    // Sold, and off the cart, as a confirmed payment would leave them.
    const [stock] = await t.db.select().from(productStock).where(eq(productStock.productId, product.id));
    expect(stock).toMatchObject({ onHand: 3, reserved: 0 });
    expect(await cartOf(t.db, user.id)).toEqual([]);
    // The shopper's order answers paid, and not as a test payment.
    const mine = await t.app.inject({ url: `/api/orders/${order!.id}`, headers: bearer(user) });
    expect(mine.json()).toMatchObject({ status: 'paid', total: 0, testPayment: false });

    await t.effectsRun();
    const [document] = await t.db.select().from(saleDocuments).where(eq(saleDocuments.orderId, order!.id));
    expect(document).toMatchObject({ paymentMethod: 'other', providerReference: null, totalCents: 0 });
    expect(paymOf(document!.paymentMethod, 'postal-money-order')).toBe(5);
    expect(auditTotals(document!.data.lines, document!.vatRate, 0).total2).toBe(0);
    const confirmation = await t.smtp.waitFor(user.email);
    expect(confirmation.raw).toContain(`sale-document-${document!.number}.pdf`);
    // It tells of no payment received: there was nothing to pay.
    expect(confirmation.text).toContain('There was nothing to pay: it is paid and confirmed.');
    expect(confirmation.text).not.toContain('Your payment was received');
  });

  it('chosen as cash on delivery is no cash-on-delivery order: no fee, paid at once', async () => {
    const { user } = await shopperWithCart();
    const response = await checkout(user, {
      delivery: TEST_DELIVERY,
      paymentMethod: 'cod',
      discountCode: await wholeCode(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<{ orderId: number; next: string }>();
    expect(answer.next).toBe('confirmation');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order).toMatchObject({ status: 'paid', paymentProvider: 'none', codFeeCents: 0, totalCents: 0 });
    expect(await cartOf(t.db, user.id)).toEqual([]);
  });

  it('leaves an order with something to pay as it was: card to the provider page, cash on delivery placed', async () => {
    const card = await shopperWithCart();
    const toPay = await checkout(card.user, { delivery: TEST_DELIVERY, paymentMethod: 'card' });
    expect(toPay.json()).toMatchObject({ next: 'payment', url: expect.stringMatching(/\/pay\//) as string });
    const cod = await shopperWithCart();
    const placed = await checkout(cod.user, { delivery: TEST_DELIVERY, paymentMethod: 'cod' });
    const { orderId, next } = placed.json<{ orderId: number; next: string }>();
    expect(next).toBe('confirmation');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'placed', codFeeCents: 250 });
  });
});
