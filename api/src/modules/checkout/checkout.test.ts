import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, productColors, products, productTranslations, shopSettings } from '../../db/schema.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, cartOf, checkout, orderOf, TEST_DELIVERY } from '../payments/test-support.js';

const t = useTestApp();

const post = (headers: Record<string, string>, payload: object = {}, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/checkout/session${query}`,
    headers,
    payload: { delivery: TEST_DELIVERY, ...payload },
  });

describe('GET /api/checkout', () => {
  it('names the built-in payment page as the provider when Stripe is not configured', async () => {
    const response = await t.app.inject('/api/checkout');
    expect(response.json()).toEqual({ provider: 'local', cardPayments: true, currency: 'USD' });
  });
});

describe('POST /api/checkout/session', () => {
  it('needs a logged-in shopper', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(401);
  });

  it('refuses an empty cart with 400 CART_EMPTY', async () => {
    const user = await createUser(t.db);
    const response = await post(bearer(user));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Your cart is empty!', code: 'CART_EMPTY' });
  });

  it('orders the server cart at database prices, whatever user, items or prices the client sends', async () => {
    const user = await createUser(t.db);
    const victim = await createUser(t.db);
    const hoodie = await createProduct(t.db, { priceCents: 8950, name: 'Gala Hoodie', colors: ['Onyx', 'Bone'] });
    const tee = await createProduct(t.db, { priceCents: 2500, name: 'Plain Tee' });
    await addCartLine(t.db, user, hoodie, { quantity: 3, size: 'L', color: 1 });
    await addCartLine(t.db, victim, tee, { quantity: 5 });

    const response = await post(bearer(user), {
      userId: victim.id,
      items: [{ productId: tee.id, quantity: 99, price: 0.01 }],
      total: 0.01,
      price: 0.01,
    });
    expect(response.statusCode).toBe(201);
    const session = response.json<{ sessionId: string; url: string }>();
    expect(session).toEqual({
      orderId: expect.any(Number),
      sessionId: expect.stringMatching(/^cs_local_/),
      url: `/pay/${session.sessionId}`,
      next: 'payment',
    });

    const order = await orderOf(t.db, session.sessionId);
    expect(order).toMatchObject({
      userId: user.id,
      status: 'pending',
      totalCents: 26850,
      currency: 'USD',
      paymentProvider: 'local',
    });
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({
        productId: hoodie.id,
        colorId: hoodie.colors[1]!.id,
        name: 'Gala Hoodie',
        colorName: 'Bone',
        size: 'L',
        unitPriceCents: 8950,
        quantity: 3,
        imageUrl: hoodie.colors[1]!.imageUrl,
      }),
    ]);
    // Nothing is taken off a cart before the payment is confirmed.
    expect(await cartOf(t.db, user.id)).toHaveLength(1);
    expect(await cartOf(t.db, victim.id)).toHaveLength(1);
  });

  it('keeps what was ordered when the product changes afterwards', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 1000, name: 'Before', colorsBg: ['Оникс'] });
    await addCartLine(t.db, user, product, { quantity: 1 });
    const { sessionId } = await checkout(t.app, user);
    await t.db.update(products).set({ priceCents: 9999 }).where(eq(products.id, product.id));
    await t.db.update(productTranslations).set({ name: 'After' }).where(eq(productTranslations.productId, product.id));
    await t.db
      .update(productColors)
      .set({ colorName: 'Black', colorNameBg: 'Черно' })
      .where(eq(productColors.productId, product.id));
    const order = await t.app.inject({ url: `/api/orders/by-session/${sessionId}`, headers: bearer(user) });
    expect(order.json()).toMatchObject({
      subtotal: 10,
      items: [{ name: 'Before', unitPrice: 10, colorName: 'Onyx', colorNameBg: 'Оникс' }],
    });
  });

  it("keeps each line's name in both languages, whichever language the checkout was in (issue 28, item 14)", async () => {
    const user = await createUser(t.db, { locale: 'bg' });
    await addCartLine(t.db, user, await createProduct(t.db, { name: 'Night Coat', bgName: 'Нощно палто' }), {
      quantity: 1,
    });
    const bg = await checkout(t.app, user);
    expect(await orderOf(t.db, bg.sessionId)).toMatchObject({ locale: 'bg' });
    const en = await checkout(t.app, user, 'en');
    for (const { sessionId } of [bg, en]) {
      const order = await t.app.inject({ url: `/api/orders/by-session/${sessionId}`, headers: bearer(user) });
      expect(order.json().items[0]).toMatchObject({ name: 'Night Coat', nameBg: 'Нощно палто' });
    }
  });

  it('leaves out products that are no longer on sale, and a cart of only those is empty', async () => {
    const user = await createUser(t.db);
    const gone = await createProduct(t.db, { priceCents: 5000 });
    const hidden = await createProduct(t.db, { priceCents: 6000 });
    await addCartLine(t.db, user, gone, { quantity: 1 });
    await addCartLine(t.db, user, hidden, { quantity: 1 });
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.id));
    await t.db.update(products).set({ publishedAt: null }).where(eq(products.id, hidden.id));
    expect((await post(bearer(user))).json()).toMatchObject({ code: 'CART_EMPTY' });

    const onSale = await createProduct(t.db, { priceCents: 7000 });
    await addCartLine(t.db, user, onSale, { quantity: 2 });
    const { sessionId } = await checkout(t.app, user);
    expect(await orderOf(t.db, sessionId)).toMatchObject({ totalCents: 14000 });
  });

  it("cancels the shopper's earlier pending order when a second tab checks out, so one cart is never paid twice", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 4000 });
    await addCartLine(t.db, user, product, { quantity: 1 });
    await addCartLine(t.db, other, product, { quantity: 1 });
    const othersSession = (await post(bearer(other))).json<{ sessionId: string }>();

    const first = (await post(bearer(user))).json<{ sessionId: string }>();
    const second = (await post(bearer(user))).json<{ sessionId: string }>();
    expect((await orderOf(t.db, first.sessionId))?.status).toBe('cancelled');
    expect((await orderOf(t.db, second.sessionId))?.status).toBe('pending');
    expect((await orderOf(t.db, othersSession.sessionId))?.status).toBe('pending');

    const pay = await t.app.inject({
      method: 'POST',
      url: `/pay/${first.sessionId}`,
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ana' },
    });
    expect(pay.statusCode).toBe(409);
  });

  it('limits how many sessions one shopper opens a minute', async () => {
    const user = await createUser(t.db);
    await addCartLine(t.db, user, await createProduct(t.db), { quantity: 1 });
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push((await post(bearer(user))).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(201));
    const limited = await post(bearer(user));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it(
    'prices with the settings as they are at the request: the row kept in memory goes with a change',
    { tags: ['engine'] },
    async () => {
      const deliveryOf = async () => {
        const user = await createUser(t.db);
        await addCartLine(t.db, user, await createProduct(t.db, { priceCents: 1000 }), { quantity: 1 });
        const response = await post(bearer(user), { paymentMethod: 'cod' });
        expect(response.statusCode, response.body).toBe(201);
        const [order] = await t.db
          .select()
          .from(orders)
          .where(eq(orders.id, response.json<{ orderId: number }>().orderId));
        return { deliveryCents: order!.deliveryCents, codFeeCents: order!.codFeeCents };
      };
      const [before] = await t.db.select().from(shopSettings);
      const set = (values: Partial<typeof shopSettings.$inferInsert>) =>
        t.db.update(shopSettings).set(values).where(eq(shopSettings.id, 1));
      try {
        await set({ deliveryAddressCents: 111, codFeeCents: 22, freeDeliveryFromCents: null });
        expect(await deliveryOf()).toEqual({ deliveryCents: 111, codFeeCents: 22 });
        // Read from memory now; a change written past the server (another process, an operator) reaches the next one.
        expect(await deliveryOf()).toEqual({ deliveryCents: 111, codFeeCents: 22 });
        await set({ deliveryAddressCents: 333, codFeeCents: 44 });
        expect(await deliveryOf()).toEqual({ deliveryCents: 333, codFeeCents: 44 });
      } finally {
        await set({
          deliveryAddressCents: before!.deliveryAddressCents,
          codFeeCents: before!.codFeeCents,
          freeDeliveryFromCents: before!.freeDeliveryFromCents,
        });
      }
    },
  );
});

describe('POST /api/payments/webhook without Stripe', () => {
  it('refuses every delivery: the built-in page raises its events in-process', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
    });
    expect(response.statusCode).toBe(400);
  });
});
