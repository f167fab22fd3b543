import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { auditLog, cartItems, orders, productStock, stockAlerts } from '../../db/schema.js';
import { bearer, type CreatedProduct, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { expireLapsed } from '../orders/lifecycle.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

const t = useTestApp({ smtp: true, admin: true });

async function stockOf(db: Db, product: CreatedProduct, color = 0, size = product.sizes[0]!) {
  const [row] = await db
    .select({ onHand: productStock.onHand, reserved: productStock.reserved })
    .from(productStock)
    .where(and(eq(productStock.colorId, product.colors[color]!.id), eq(productStock.size, size)));
  return row;
}

const variant = (product: CreatedProduct, color = 0, size = product.sizes[0]!) => ({
  productId: product.id,
  selectedColor: product.colors[color]!.id,
  selectedSize: size,
});

const addToCart = (user: CreatedUser, product: CreatedProduct, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/cart', headers: bearer(user), payload: { ...variant(product), quantity } });

const checkout = (user: CreatedUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY },
  });

const pay = (sessionId: string, cardNumber = '4242 4242 4242 4242') =>
  t.app.inject({
    method: 'POST',
    url: `/pay/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123', name: 'Ana' }).toString(),
  });

const setStock = (product: CreatedProduct, body: object, as: CreatedUser = t.admin) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${product.id}/stock`, headers: bearer(as), payload: body });

describe('stock in product answers', () => {
  it('leaves an untracked product unlimited: no stock entries, any quantity in the cart', async () => {
    const product = await t.createProduct();
    const answer = (await t.app.inject(`/api/products/${product.id}`)).json();
    expect(answer).toMatchObject({ stockTracked: false, stock: [] });
    const user = await t.createUser();
    const added = await addToCart(user, product, 99);
    expect(added.statusCode).toBe(201);
    expect(added.json().available).toBeNull();
  });

  it('gives one entry per colour and size of a tracked product; only admins see on hand and held', async () => {
    const product = await t.createProduct({ stock: 4, sizes: ['S', 'M'], colors: ['Onyx', 'Bone'] });
    const shopper = (await t.app.inject(`/api/products/${product.id}`)).json();
    expect(shopper.stockTracked).toBe(true);
    expect(shopper.stock).toEqual([
      { colorId: product.colors[0]!.id, size: 'S', available: 4 },
      { colorId: product.colors[0]!.id, size: 'M', available: 4 },
      { colorId: product.colors[1]!.id, size: 'S', available: 4 },
      { colorId: product.colors[1]!.id, size: 'M', available: 4 },
    ]);
    const owner = (await t.app.inject({ url: `/api/products/${product.id}`, headers: bearer(t.admin) })).json();
    expect(owner.stock[0]).toEqual({ colorId: product.colors[0]!.id, size: 'S', available: 4, onHand: 4, reserved: 0 });
  });
});

describe('PUT /api/products/:id/stock', () => {
  it('sets what is on hand, audited, and the catalogue (cached) follows at once', async () => {
    const product = await t.createProduct({ sizes: ['M'] });
    expect((await t.app.inject(`/api/products/${product.id}`)).json().stock).toEqual([]); // now cached
    const response = await setStock(product, {
      stockTracked: true,
      stock: [{ colorId: product.colors[0]!.id, size: 'M', onHand: 7 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().stock).toEqual([
      { colorId: product.colors[0]!.id, size: 'M', available: 7, onHand: 7, reserved: 0 },
      { colorId: product.colors[1]!.id, size: 'M', available: 0, onHand: 0, reserved: 0 },
    ]);
    await t.heard();
    const answer = (await t.app.inject(`/api/products/${product.id}`)).json();
    expect(answer).toMatchObject({ stockTracked: true, stock: [{ available: 7 }, { available: 0 }] });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.stock'), eq(auditLog.target, `product:${product.id}`)));
    expect(entry).toMatchObject({ actorId: t.admin.id, detail: { stockTracked: true, was: false } });
  });

  it('refuses an unknown colour, a size not offered, a twice-listed variant and bad counts with 400', async () => {
    const product = await t.createProduct({ sizes: ['M'] });
    const other = await t.createProduct();
    const color = product.colors[0]!.id;
    for (const [stock, field] of [
      [[{ colorId: other.colors[0]!.id, size: 'M', onHand: 1 }], 'stock.0.colorId'],
      [[{ colorId: color, size: 'XL', onHand: 1 }], 'stock.0.size'],
      [
        [
          { colorId: color, size: 'M', onHand: 1 },
          { colorId: color, size: 'M', onHand: 2 },
        ],
        'stock.1',
      ],
      [[{ colorId: color, size: 'M', onHand: -1 }], 'stock.0.onHand'],
      [[{ colorId: color, size: 'M', onHand: 1.5 }], 'stock.0.onHand'],
    ] as const) {
      const response = await setStock(product, { stockTracked: true, stock });
      expect(response.statusCode, JSON.stringify(stock)).toBe(400);
      expect(Object.keys(response.json().fields)).toContain(field);
    }
    expect((await setStock(product, { stockTracked: true, stock: [] }, await t.createUser())).statusCode).toBe(403);
    expect((await stockOf(t.db, product)) ?? null).toBeNull();
  });
});

describe('the cart and stock', () => {
  it('refuses to add more than is left, counting the line, with the messages of the shop', async () => {
    const product = await t.createProduct({ stock: 3 });
    const user = await t.createUser();
    const first = await addToCart(user, product, 2);
    expect(first.statusCode).toBe(201);
    expect(first.json().available).toBe(3);
    const tooMany = await addToCart(user, product, 2);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      error: 'Only 3 left in this size and colour.',
      code: 'OUT_OF_STOCK',
      available: 3,
    });
    expect((await addToCart(user, product, 1)).statusCode).toBe(200);

    const soldOut = await t.createProduct({ stock: 0 });
    const none = await addToCart(user, soldOut, 1);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'This size is sold out in this colour.', code: 'OUT_OF_STOCK', available: 0 });
  });

  it('refuses a quantity change above what is left', async () => {
    const product = await t.createProduct({ stock: 2 });
    const user = await t.createUser();
    const line = (await addToCart(user, product, 1)).json();
    const patch = (quantity: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/cart/${line.cartItemId}`,
        headers: bearer(user),
        payload: { quantity },
      });
    expect((await patch(2)).statusCode).toBe(200);
    const refused = await patch(3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OUT_OF_STOCK');
  });

  it('shows each line what is left, counting back what the shopper’s own open checkout holds', async () => {
    const product = await t.createProduct({ stock: 5 });
    const user = await t.createUser();
    await addToCart(user, product, 2);
    expect((await checkout(user)).statusCode).toBe(201);
    expect((await stockOf(t.db, product))?.reserved).toBe(2);
    const cart = (await t.app.inject({ url: '/api/cart', headers: bearer(user) })).json();
    expect(cart[0].available).toBe(5);
    const stranger = await t.createUser();
    expect((await addToCart(stranger, product, 4)).statusCode).toBe(409);
    expect((await addToCart(stranger, product, 3)).statusCode).toBe(201);
  });
});

describe('reservation at checkout', () => {
  it('reserves every tracked line, or answers 409 OUT_OF_STOCK with the lines and reserves nothing', async () => {
    const scarce = await t.createProduct({ stock: 1 });
    const plenty = await t.createProduct({ stock: 10 });
    const untracked = await t.createProduct();
    const user = await t.createUser();
    await addCartLine(t.db, user, scarce, { quantity: 2 });
    await addCartLine(t.db, user, plenty, { quantity: 3 });
    await addCartLine(t.db, user, untracked, { quantity: 10 });
    const refused = await checkout(user);
    expect(refused.statusCode).toBe(409);
    const lines = (await t.app.inject({ url: '/api/cart', headers: bearer(user) })).json();
    expect(refused.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      lines: [{ cartItemId: lines[0].cartItemId, available: 1 }],
    });
    expect(await stockOf(t.db, plenty)).toEqual({ onHand: 10, reserved: 0 });

    await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/${lines[0].cartItemId}`,
      headers: bearer(user),
      payload: { quantity: 1 },
    });
    expect((await checkout(user)).statusCode).toBe(201);
    expect(await stockOf(t.db, scarce)).toEqual({ onHand: 1, reserved: 1 });
    expect(await stockOf(t.db, plenty)).toEqual({ onHand: 10, reserved: 3 });
    // A second checkout of the same cart gives the first one's reservation back first.
    expect((await checkout(user)).statusCode).toBe(201);
    expect(await stockOf(t.db, plenty)).toEqual({ onHand: 10, reserved: 3 });
  });

  it('sells the reservation when paid, and gives it back when cancelled, declined then expired', async () => {
    const product = await t.createProduct({ stock: 5 });
    const paying = await t.createUser();
    await addCartLine(t.db, paying, product, { quantity: 2 });
    const paid = (await checkout(paying)).json();
    expect((await pay(paid.sessionId)).statusCode).toBe(303);
    expect(await stockOf(t.db, product)).toEqual({ onHand: 3, reserved: 0 });

    const cancelling = await t.createUser();
    await addCartLine(t.db, cancelling, product, { quantity: 1 });
    const cancelled = (await checkout(cancelling)).json();
    expect(await stockOf(t.db, product)).toEqual({ onHand: 3, reserved: 1 });
    expect((await t.app.inject({ method: 'POST', url: `/pay/${cancelled.sessionId}/cancel` })).statusCode).toBe(303);
    expect(await stockOf(t.db, product)).toEqual({ onHand: 3, reserved: 0 });

    const declined = await t.createUser();
    await addCartLine(t.db, declined, product, { quantity: 3 });
    const session = (await checkout(declined)).json();
    expect((await pay(session.sessionId, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect(await stockOf(t.db, product)).toEqual({ onHand: 3, reserved: 3 }); // still open: the shopper may retry
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.paymentSessionId, session.sessionId));
    expect((await expireLapsed(t.db)).map((order) => order.paymentSessionId)).toContain(session.sessionId);
    expect(await stockOf(t.db, product)).toEqual({ onHand: 3, reserved: 0 });
    // Paying an expired session is refused: its stock was given back.
    expect((await pay(session.sessionId)).statusCode).toBe(409);
    expect(await stockOf(t.db, product)).toEqual({ onHand: 3, reserved: 0 });
  });
});

describe('never oversold', () => {
  it(
    '100 shoppers checking out at once a variant with 10 on hand: exactly 10 orders hold it, 90 answers 409',
    { tags: ['engine'] },
    async () => {
      const product = await t.createProduct({ stock: 10 });
      const shoppers = await Promise.all(Array.from({ length: 100 }, () => t.createUser()));
      for (const shopper of shoppers) await addCartLine(t.db, shopper, product, { quantity: 1 });
      const answers = await Promise.all(shoppers.map((shopper) => checkout(shopper)));
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(10);
      expect(codes.filter((code) => code === 409)).toHaveLength(90);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('OUT_OF_STOCK');
      expect(await stockOf(t.db, product)).toEqual({ onHand: 10, reserved: 10 });
    },
  );

  it(
    'payments racing expiry: every unit is sold or given back, never both, never below 0',
    { tags: ['engine'] },
    async () => {
      const product = await t.createProduct({ stock: 10 });
      const shoppers = await Promise.all(Array.from({ length: 10 }, () => t.createUser()));
      for (const shopper of shoppers) await addCartLine(t.db, shopper, product, { quantity: 1 });
      const sessions = await Promise.all(shoppers.map(async (shopper) => (await checkout(shopper)).json()));
      await t.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(
          inArray(
            orders.paymentSessionId,
            sessions.map((session) => session.sessionId as string),
          ),
        );
      const [payments] = await Promise.all([
        Promise.all(sessions.map((session) => pay(session.sessionId as string))),
        expireLapsed(t.db),
      ]);
      const paid = payments.filter((answer) => answer.statusCode === 303).length;
      expect(paid + payments.filter((answer) => answer.statusCode === 409).length).toBe(10);
      expect(await stockOf(t.db, product)).toEqual({ onHand: 10 - paid, reserved: 0 });
    },
  );
});

describe('back-in-stock alerts', () => {
  const alert = (user: CreatedUser, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/stock-alerts', headers: bearer(user), payload: body });

  it('waits for a sold-out size, once, and refuses one in stock', async () => {
    const product = await t.createProduct({ stock: 0 });
    const user = await t.createUser();
    const body = { productId: product.id, colorId: product.colors[0]!.id, size: product.sizes[0] };
    const created = await alert(user, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...body, colorName: 'Onyx' });
    expect((await alert(user, body)).statusCode).toBe(200);
    const list = (await t.app.inject({ url: '/api/stock-alerts', headers: bearer(user) })).json();
    expect(list).toHaveLength(1);

    const inStock = await t.createProduct({ stock: 2 });
    const refused = await alert(user, { productId: inStock.id, colorId: inStock.colors[0]!.id, size: 'S' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('IN_STOCK');
    expect((await alert(user, { ...body, size: 'XXL' })).statusCode).toBe(400);

    const stranger = await t.createUser();
    const remove = (as: CreatedUser) =>
      t.app.inject({ method: 'DELETE', url: `/api/stock-alerts/${created.json().id as number}`, headers: bearer(as) });
    expect((await remove(stranger)).statusCode).toBe(404);
    expect((await remove(user)).statusCode).toBe(204);
  });

  it('mails each waiting shopper once, in their language, when the owner restocks', async () => {
    const product = await t.createProduct({
      stock: 0,
      name: 'Ember Hoodie',
      bgName: 'Суитшърт Жар',
      colorsBg: ['Оникс'],
    });
    const [ana, boris] = [await t.createUser(), await t.createUser({ locale: 'bg' })];
    const body = { productId: product.id, colorId: product.colors[0]!.id, size: product.sizes[0] };
    for (const user of [ana, boris]) expect((await alert(user, body)).statusCode).toBe(201);
    await t.effectsRun();
    const before = t.smtp.messages.length;

    const restock = await setStock(product, {
      stockTracked: true,
      stock: [{ colorId: product.colors[0]!.id, size: product.sizes[0], onHand: 2 }],
    });
    expect(restock.statusCode).toBe(200);
    const english = await t.smtp.waitFor(ana.email);
    expect(english.subject).toBe('Back in stock: Ember Hoodie');
    expect(english.text).toContain(`http://shop.test/product/${product.id}`);
    expect(english.text).toContain('Ember Hoodie in Onyx, size S');
    const bulgarian = await t.smtp.waitFor(boris.email);
    expect(bulgarian.subject).toBe('Отново в наличност: Суитшърт Жар');
    expect(bulgarian.text).toContain('Суитшърт Жар в цвят Оникс, размер S');
    expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, product.id))).toEqual([]);

    // Once: another edit sends nothing more (once every effect it wrote has run).
    await setStock(product, {
      stockTracked: true,
      stock: [{ colorId: product.colors[0]!.id, size: product.sizes[0], onHand: 5 }],
    });
    await t.effectsRun();
    expect(t.smtp.messages.slice(before)).toHaveLength(2);
  });

  it('mails a waiting shopper when a checkout that held the last one gives it back (a new checkout replaces it)', async () => {
    const coat = await t.createProduct({ stock: 1, name: 'Last Coat' });
    const scarf = await t.createProduct({ stock: 5 });
    const [holder, waiter] = [await t.createUser(), await t.createUser()];
    await addCartLine(t.db, holder, coat, { quantity: 1 });
    expect((await checkout(holder)).statusCode).toBe(201);
    // Held by the checkout, the coat is sold out: the waiter asks to be told.
    const body = { productId: coat.id, colorId: coat.colors[0]!.id, size: coat.sizes[0] };
    expect((await alert(waiter, body)).statusCode).toBe(201);

    // The holder takes a scarf instead: the new checkout gives the coat back.
    await t.db.delete(cartItems).where(eq(cartItems.userId, holder.id));
    await addCartLine(t.db, holder, scarf, { quantity: 1 });
    expect((await checkout(holder)).statusCode).toBe(201);
    expect(await stockOf(t.db, coat)).toEqual({ onHand: 1, reserved: 0 });
    expect((await t.smtp.waitFor(waiter.email)).subject).toBe('Back in stock: Last Coat');
    expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, coat.id))).toEqual([]);
  });
});
