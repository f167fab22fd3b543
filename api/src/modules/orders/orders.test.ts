import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, checkout, orderOf } from '../payments/test-support.js';

const t = useTestApp();

const get = (url: string, user?: CreatedUser) => t.app.inject({ url, headers: user ? bearer(user) : {} });

async function placeOrder(user: CreatedUser, priceCents: number, quantity = 1) {
  await addCartLine(t.db, user, await createProduct(t.db, { priceCents, name: `Piece ${priceCents}` }), {
    quantity,
    size: 'S',
  });
  return checkout(t.app, user);
}

describe('GET /api/orders', () => {
  it('needs a logged-in shopper', async () => {
    expect((await get('/api/orders')).statusCode).toBe(401);
  });

  it('is empty for a new shopper', async () => {
    expect((await get('/api/orders', await createUser(t.db))).json()).toEqual([]);
  });

  it("lists the shopper's own orders, newest first, each with its lines", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const first = await placeOrder(user, 1500, 2);
    const second = await placeOrder(user, 2000);
    await placeOrder(other, 9900);

    const list = (await get('/api/orders', user)).json<{ id: number; total: number; items: unknown[] }[]>();
    const firstOrder = await orderOf(t.db, first.sessionId);
    const secondOrder = await orderOf(t.db, second.sessionId);
    expect(list.map((order) => order.id)).toEqual([secondOrder.id, firstOrder.id]);
    // The cart still holds the first line when the second checkout runs: that order has both,
    // and it replaces the first one, which can no longer be paid.
    // Below the free-delivery threshold: delivery to an address (6.90) is added.
    expect(list[0]).toMatchObject({ status: 'pending', subtotal: 50, total: 56.9, currency: 'USD', paidAt: null });
    expect(list[1]).toEqual({
      id: firstOrder.id,
      reference: firstOrder.reference,
      status: 'cancelled',
      paymentMethod: 'card',
      fulfilment: 'unfulfilled',
      subtotal: 30,
      discount: null,
      deliveryCost: 6.9,
      codFee: 0,
      total: 36.9,
      giftCards: [],
      storeCredit: 0,
      amountDue: 36.9,
      refunded: 0,
      currency: 'USD',
      createdAt: firstOrder.createdAt.toISOString(),
      paidAt: null,
      testPayment: false,
      shippedAt: null,
      deliveredAt: null,
      expiresAt: null,
      paymentUrl: null,
      confirmationRequired: false,
      confirmedAt: null,
      delivery: {
        method: 'address',
        name: 'Ana Petrova',
        phone: '+359 88 123 4567',
        country: 'BG',
        city: 'Sofia',
        postcode: '1000',
        line1: '1 Vitosha Blvd',
        office: null,
        note: null,
      },
      tracking: null,
      withdrawal: null,
      invoiceRequested: false,
      exchangeOf: null,
      events: [
        { type: 'created', at: expect.any(String) },
        { type: 'cancelled', at: expect.any(String) },
      ],
      items: [
        {
          id: expect.any(Number),
          productId: expect.any(Number),
          name: 'Piece 1500',
          nameBg: expect.stringMatching(/^Тестов суитшърт \S+$/),
          colorName: 'Onyx',
          colorNameBg: '',
          size: 'S',
          unitPrice: 15,
          discount: 0,
          priorPrice: null,
          quantity: 2,
          imageUrl: expect.stringMatching(/^\/files\//),
          refundedQuantity: 0,
          // Not delivered: its guarantee has not begun (decision 0059).
          guaranteeEndsAt: null,
        },
      ],
    });
  });

  it('shows a built-in page session that ran out of time as expired', async () => {
    const user = await createUser(t.db);
    const { sessionId } = await placeOrder(user, 1000);
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000), expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.paymentSessionId, sessionId));
    expect((await get('/api/orders', user)).json()[0].status).toBe('expired');
  });
});

describe('GET /api/orders/:id and /api/orders/by-session/:sessionId', () => {
  it('answers the owner, and 404 to anyone else as for a missing order', async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const { sessionId } = await placeOrder(owner, 4200);
    const order = await orderOf(t.db, sessionId);

    const own = await get(`/api/orders/${order.id}`, owner);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: order.id, subtotal: 42, total: 48.9 });
    expect((await get(`/api/orders/by-session/${sessionId}`, owner)).json()).toEqual(own.json());

    for (const user of [stranger, admin]) {
      const byId = await get(`/api/orders/${order.id}`, user);
      expect(byId.statusCode).toBe(404);
      expect(byId.json()).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
      expect((await get(`/api/orders/by-session/${sessionId}`, user)).statusCode).toBe(404);
    }
    expect((await get('/api/orders/999999', owner)).statusCode).toBe(404);
    expect((await get('/api/orders/by-session/cs_local_unknown', owner)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.id}`)).statusCode).toBe(401);
    expect((await get('/api/orders/abc', owner)).statusCode).toBe(400);
  });
});

describe('POST /api/orders/:id/cancel', () => {
  it('lets the shopper drop an order waiting for payment, shows where to continue paying until then', async () => {
    const owner = await createUser(t.db);
    const { sessionId } = await placeOrder(owner, 2500);
    const order = await orderOf(t.db, sessionId);
    const open = (await get(`/api/orders/${order.id}`, owner)).json();
    expect(open).toMatchObject({ status: 'pending', paymentUrl: `/pay/${sessionId}` });
    expect(Date.parse(open.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);

    const cancel = (user?: CreatedUser) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: user ? bearer(user) : {} });
    expect((await cancel(await createUser(t.db))).statusCode).toBe(404);
    const cancelled = await cancel(owner);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentUrl: null, expiresAt: null });
    const again = await cancel(owner);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'Only an order waiting for payment can be cancelled: it is cancelled.',
      code: 'INVALID_TRANSITION',
    });
    expect((await t.app.inject(`/pay/${sessionId}`)).statusCode).toBe(409);
  });
});
