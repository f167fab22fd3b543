import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, productStock, refunds } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { storeCreditCents } from '../gift-cards/ledger.js';
import { deliveredOrder, type DeliveredOrder } from './test-support.js';

/** The owner's side of returns (YEAR.md section 2): approve, reject, receive, and each outcome through the order core. */

const t = useTestApp({ admin: true, smtp: true });

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(t.admin), ...(payload ? { payload } : {}) });

const ask = (user: CreatedUser, orderId: number, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/returns`, headers: bearer(user), payload: body });

const stockOf = async (colorId: number, size: string) =>
  (
    await t.db
      .select({ onHand: productStock.onHand, reserved: productStock.reserved })
      .from(productStock)
      .where(and(eq(productStock.colorId, colorId), eq(productStock.size, size)))
  )[0]!;

/** A return of one unit of the order's first line, for `outcome` (an exchange to size M of its colour). */
async function returned(order: DeliveredOrder, outcome: 'refund' | 'exchange' | 'store-credit', reason = 'too-small') {
  const line = order.lines[0]!;
  const answer = await ask(order.user, order.orderId, {
    lines: [
      {
        orderItemId: line.id,
        quantity: 1,
        reason,
        ...(outcome === 'exchange' ? { exchangeFor: { colorId: order.product.colors[0]!.id, size: 'M' } } : {}),
      },
    ],
    outcome,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().return as { id: number; reference: string; status: string };
}

const receive = (id: number, condition: 'resell' | 'damaged', orderItemId: number, quantity = 1) =>
  admin('POST', `/api/admin/returns/${id}/receive`, { lines: [{ orderItemId, quantity, condition }] });

describe('the owner’s returns', () => {
  it(
    'approves or rejects a requested return once, giving back the exchange’s held size, and mails the reason',
    { tags: ['engine'] },
    async () => {
      await admin('PUT', '/api/admin/settings', { returns: { autoApprove: false } });
      try {
        const order = await deliveredOrder(t);
        const color = order.product.colors[0]!.id;
        const before = await stockOf(color, 'M');
        const exchange = await returned(order, 'exchange');
        expect(exchange.status).toBe('requested');
        expect(await stockOf(color, 'M')).toEqual({ ...before, reserved: before.reserved + 1 });

        const listed = await admin('GET', '/api/admin/returns?status=requested');
        expect(listed.statusCode, listed.body).toBe(200);
        expect(listed.json().open).toBeGreaterThanOrEqual(1);
        expect(listed.json().data[0]).toMatchObject({
          id: exchange.id,
          orderReference: order.reference,
          customer: { name: 'Mira Koleva' },
          items: [{ orderItemId: order.lines[0]!.id, size: 'S', quantity: 1, resell: 0, damaged: 0 }],
        });
        expect(Date.parse(listed.json().data[0].refundDueAt)).toBeGreaterThan(Date.now());

        expect((await admin('POST', `/api/admin/returns/${exchange.id}/reject`, { reason: ' ' })).statusCode).toBe(400);
        const [first, second] = await Promise.all([
          admin('POST', `/api/admin/returns/${exchange.id}/reject`, { reason: 'Worn, with a stain.' }),
          admin('POST', `/api/admin/returns/${exchange.id}/reject`, { reason: 'Worn, with a stain.' }),
        ]);
        expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
        const rejected = first.statusCode === 200 ? first : second;
        expect(rejected.json().return).toMatchObject({ status: 'rejected', rejectReason: 'Worn, with a stain.' });
        expect(await stockOf(color, 'M')).toEqual(before);
        const closed = (await admin('GET', '/api/admin/returns?status=closed&limit=100')).json().data;
        expect(closed.map((each: { id: number }) => each.id)).toContain(exchange.id);
        expect((await admin('POST', `/api/admin/returns/${exchange.id}/approve`)).json().code).toBe(
          'INVALID_TRANSITION',
        );
        const mail = await t.smtp.waitFor(order.user.email, (m) => m.subject.includes(exchange.reference));
        expect(mail.text).toContain('Our reason: Worn, with a stain.');

        // The rejected units may be asked for again; approving a request tells the shopper to send it.
        const again = await returned(order, 'refund');
        const approved = await admin('POST', `/api/admin/returns/${again.id}/approve`);
        expect(approved.json().return.status).toBe('approved');
        expect((await admin('POST', `/api/admin/returns/${again.id}/approve`)).statusCode).toBe(409);
      } finally {
        await admin('PUT', '/api/admin/settings', { returns: { autoApprove: true } });
      }
    },
  );

  it(
    'receives a refund return once: resellable units back on hand, the card refunded by lines, keyed by the return',
    { tags: ['engine'] },
    async () => {
      const order = await deliveredOrder(t, { payment: 'card' });
      const color = order.product.colors[0]!.id;
      const line = order.lines[0]!;
      const made = await returned(order, 'refund');
      const before = await stockOf(color, 'S');

      const short = await receive(made.id, 'resell', line.id, 2);
      expect(short.statusCode).toBe(400);
      expect(short.json().fields).toHaveProperty('lines');
      const [first, second] = await Promise.all([
        receive(made.id, 'resell', line.id),
        receive(made.id, 'resell', line.id),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      const done = (first.statusCode === 200 ? first : second).json().return;
      expect(done).toMatchObject({ status: 'refunded', items: [{ resell: 1, damaged: 0 }] });
      expect(await stockOf(color, 'S')).toEqual({ ...before, onHand: before.onHand + 1 });
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
      expect(row!.refundedCents).toBe(5000);
      const made_ = await t.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
      expect(made_).toMatchObject([
        { amountCents: 5000, idempotencyKey: `return-${made.id}`, lines: [{ orderItemId: line.id, quantity: 1 }] },
      ]);
      await t.effectsRun();
      const mail = await t.smtp.waitFor(
        order.user.email,
        (m) => m.subject === `Your return ${made.reference} is complete`,
      );
      expect(mail.text).toContain('We refunded you');
    },
  );

  it('makes an exchange an order of total 0, paid, to the same delivery, holding the new size sold', async () => {
    const product = await t.createProduct({ priceCents: 5000, stock: 10, name: 'Linen Shirt', colorsBg: ['Оникс'] });
    const order = await deliveredOrder(t, { product });
    const color = order.product.colors[0]!.id;
    const made = await returned(order, 'exchange');
    const held = await stockOf(color, 'M');
    const done = await receive(made.id, 'damaged', order.lines[0]!.id);
    // A size that did not fit came back damaged: kept for the owner, who approves it.
    expect(done.json().return.status).toBe('received');
    const settled = await admin('POST', `/api/admin/returns/${made.id}/approve`);
    expect(settled.statusCode, settled.body).toBe(200);
    const { status, exchangeOrderId } = settled.json().return;
    expect(status).toBe('exchanged');
    // The owner's list names the exchange's colour in both languages.
    const closed = (await admin('GET', '/api/admin/returns?status=closed&limit=100')).json().data;
    expect(closed.find((one: { id: number }) => one.id === made.id).items).toMatchObject([
      { exchangeColorName: 'Onyx', exchangeColorNameBg: 'Оникс' },
    ]);
    expect(await stockOf(color, 'M')).toEqual({ onHand: held.onHand - 1, reserved: held.reserved - 1 });
    // The damaged unit is not for sale again.
    const exchangeOrder = (
      await t.app.inject({ url: `/api/orders/${exchangeOrderId}`, headers: bearer(order.user) })
    ).json();
    expect(exchangeOrder).toMatchObject({
      status: 'paid',
      fulfilment: 'unfulfilled',
      total: 0,
      exchangeOf: order.orderId,
      exchangeOfReference: order.reference,
      exchangeOrders: [],
      delivery: { city: 'Sofia' },
      items: [{ size: 'M', quantity: 1, unitPrice: 0 }],
    });
    // Each page names the other: the original its exchange order, for the shopper and the admin.
    const original = await t.app.inject({ url: `/api/orders/${order.orderId}`, headers: bearer(order.user) });
    const named = [{ id: exchangeOrderId, reference: exchangeOrder.reference }];
    expect(original.json()).toMatchObject({ exchangeOf: null, exchangeOfReference: null, exchangeOrders: named });
    expect((await admin('GET', `/api/admin/orders/${order.orderId}`)).json().exchangeOrders).toEqual(named);
    // Shipped like any order.
    const shipped = await admin('POST', `/api/admin/orders/${exchangeOrderId}/ship`, {
      carrier: 'Speedy',
      trackingNumber: 'EX-1',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
  });

  it('teaches the return rate per product and reason, as JSON and as CSV, and the product page what runs large', async () => {
    const product = await t.createProduct({ priceCents: 3000, stock: 10, name: 'Rate Tee', bgName: 'Тениска Рейт' });
    const order = await deliveredOrder(t, { product, lines: [{ size: 'S', quantity: 4 }] });
    const fit = async () =>
      (await t.app.inject({ url: `/api/products/${product.id}/reviews?lang=en` })).json().summary.returned;
    expect(await fit()).toEqual({ small: 0, large: 0 });
    await returned(order, 'refund', 'too-large');
    // The product page's "runs large" counts it, though the reviews' answer was kept (the cache drops it).
    await t.heard();
    expect(await fit()).toEqual({ small: 0, large: 1 });
    const stats = await admin('GET', '/api/admin/returns/stats');
    expect(stats.statusCode, stats.body).toBe(200);
    const row = stats.json().products.find((each: { productId: number }) => each.productId === product.id);
    expect(row).toMatchObject({ name: 'Rate Tee', nameBg: 'Тениска Рейт', delivered: 4, returned: 1, rate: 0.25 });
    expect(row.reasons).toMatchObject({ 'too-large': 1, 'too-small': 0 });
    expect(stats.json().reasons['too-large']).toBeGreaterThanOrEqual(1);
    const csv = await admin('GET', '/api/admin/returns/stats.csv?lang=bg');
    expect(csv.headers['content-type']).toContain('text/csv');
    // Each language's CSV names the product in it.
    expect(csv.body).toContain(`${product.id};Тениска Рейт;4;1;25,0;0;1;0;0;0;0`);
    const csvEn = await admin('GET', '/api/admin/returns/stats.csv?lang=en');
    expect(csvEn.body).toContain(`${product.id},Rate Tee,4,1,25.0,0,1,0,0,0,0`);
  });

  it('credits store credit with the bonus and no label', async () => {
    await admin('PUT', '/api/admin/settings', { returns: { storeCreditBonusPercent: 10 } });
    try {
      const order = await deliveredOrder(t);
      const made = await returned(order, 'store-credit', 'changed-mind');
      const done = await receive(made.id, 'resell', order.lines[0]!.id);
      expect(done.json().return).toMatchObject({ status: 'credited', refund: 55 });
      expect(await storeCreditCents(t.db, order.user.id)).toBe(5500);
      expect((await receive(made.id, 'resell', order.lines[0]!.id)).statusCode).toBe(409);
      expect(await storeCreditCents(t.db, order.user.id)).toBe(5500);
    } finally {
      await admin('PUT', '/api/admin/settings', { returns: { storeCreditBonusPercent: 0 } });
    }
  });
});
