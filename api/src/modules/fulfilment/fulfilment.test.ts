import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, productStock, refunds } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, cartOf, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';
import { csvCell } from '../../lib/csv.js';

const t = useTestApp({ smtp: true, admin: true });

const OFFICE = { ...TEST_DELIVERY, method: 'office', line1: undefined, office: 'Speedy office Sofia Center' };

const checkout = (user: CreatedUser, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, ...body },
  });

const step = (id: number, action: string, body: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/${action}`,
    headers: { ...bearer(t.admin), ...headers },
    payload: body,
  });

async function shopperWith(priceCents: number, quantity = 1, options: { locale?: 'en' | 'bg'; stock?: number } = {}) {
  const user = await t.createUser({ locale: options.locale });
  const product = await t.createProduct({ priceCents, stock: options.stock, name: `Piece ${priceCents}` });
  await addCartLine(t.db, user, product, { quantity });
  return { user, product };
}

/** A paid card order (built-in page) of one line. */
async function paidOrder(priceCents = 5000, quantity = 1, options: { locale?: 'en' | 'bg'; stock?: number } = {}) {
  const { user, product } = await shopperWith(priceCents, quantity, options);
  const session = (await checkout(user)).json();
  await payOnTestPage(t.app, session.sessionId);
  return { user, product, orderId: session.orderId as number };
}

/** A cash-on-delivery order, placed at once. */
async function codOrder(priceCents = 5000, quantity = 1, options: { stock?: number } = {}) {
  const { user, product } = await shopperWith(priceCents, quantity, options);
  const answer = await checkout(user, { paymentMethod: 'cod' });
  expect(answer.statusCode, answer.body).toBe(201);
  return { user, product, orderId: answer.json().orderId as number };
}

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('settings', () => {
  it('are public, cached, changed by admins only, audited, and refuse bad values with fields', async () => {
    const before = (await t.app.inject('/api/settings')).json();
    expect(before).toMatchObject({ currency: 'USD', pricesIncludeVat: true, returnDays: 14, cod: { enabled: true } });
    const put = (body: object, as = t.admin) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(as), payload: body });
    const changed = await put({ seller: { legalName: 'Atelier Noir Ltd' }, delivery: { freeFrom: 150 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      seller: { legalName: 'Atelier Noir Ltd' },
      delivery: { freeFrom: 150, addressPrice: before.delivery.addressPrice },
    });
    // Every reader sees it on the next read (the change feed drops the cached answer).
    await t.heard();
    expect((await t.app.inject('/api/settings')).json().delivery.freeFrom).toBe(150);
    const bad = await put({ returnDays: 7, delivery: { officePrice: -1 }, seller: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['delivery.officePrice', 'returnDays', 'seller.email']);
    expect((await put({ returnDays: 20 }, await t.createUser())).statusCode).toBe(403);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audited.length).toBeGreaterThan(0);
    expect((await put({ delivery: { freeFrom: 100 } })).statusCode).toBe(200);
  });
});

describe('checkout with a delivery', () => {
  it('refuses missing or bad delivery details with fields like delivery.phone', async () => {
    const { user } = await shopperWith(2000);
    for (const [delivery, field] of [
      [{ ...TEST_DELIVERY, phone: 'call me' }, 'delivery.phone'],
      [{ ...TEST_DELIVERY, line1: '' }, 'delivery.line1'],
      [{ ...OFFICE, office: undefined }, 'delivery.office'],
      [{ ...TEST_DELIVERY, country: 'US' }, 'delivery.country'],
      [{ ...TEST_DELIVERY, city: undefined }, 'delivery.city'],
    ] as const) {
      const answer = await checkout(user, { delivery });
      expect(answer.statusCode, JSON.stringify(delivery)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(Object.keys(answer.json().fields)).toContain(field);
    }
    expect((await checkout(user, { delivery: undefined })).json().fields).toHaveProperty('delivery');
  });

  it('adds the delivery (address or office), free from the threshold, and the cash-on-delivery fee', async () => {
    const settings = (await t.app.inject('/api/settings')).json();
    const cases = [
      { price: 4000, body: {}, delivery: settings.delivery.addressPrice, fee: 0 },
      { price: 4000, body: { delivery: OFFICE }, delivery: settings.delivery.officePrice, fee: 0 },
      { price: 10000, body: {}, delivery: 0, fee: 0 },
      { price: 4000, body: { paymentMethod: 'cod' }, delivery: settings.delivery.addressPrice, fee: settings.cod.fee },
    ];
    for (const { price, body, delivery, fee } of cases) {
      const { user } = await shopperWith(price);
      const answer = await checkout(user, body);
      expect(answer.statusCode, answer.body).toBe(201);
      const order = (await t.app.inject({ url: `/api/orders/${answer.json().orderId}`, headers: bearer(user) })).json();
      expect(order).toMatchObject({ subtotal: price / 100, deliveryCost: delivery, codFee: fee });
      expect(order.total).toBeCloseTo(price / 100 + delivery + fee, 2);
    }
  });

  it('takes a cash-on-delivery order at once: placed, stock taken, cart lines gone, confirmation mailed', async () => {
    const { user, product, orderId } = await codOrder(3000, 2, { stock: 5 });
    const answerOrder = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
    expect(answerOrder).toMatchObject({
      status: 'placed',
      paymentMethod: 'cod',
      fulfilment: 'unfulfilled',
      delivery: { method: 'address', line1: '1 Vitosha Blvd', city: 'Sofia' },
      events: [{ type: 'created' }, { type: 'placed' }],
    });
    const [stock] = await t.db.select().from(productStock).where(eq(productStock.colorId, product.colors[0]!.id));
    expect(stock).toMatchObject({ onHand: 3, reserved: 0 });
    expect(await cartOf(t.db, user.id)).toEqual([]);
    const mail = await t.smtp.waitFor(user.email);
    // Shoppers read the order's public reference, never its sequential number.
    expect(mail.subject).toBe(`Your Atelier Noir order ${answerOrder.reference} is confirmed`);
    expect(mail.text).toContain(`Order ${answerOrder.reference}`);
    expect(mail.text).not.toContain(`#${orderId}`);
    expect(mail.text).toContain('you pay the courier in cash');
    expect(mail.text).toContain('1 Vitosha Blvd');
    expect(mail.text).toMatch(/Cash-on-delivery fee: \$/);
  });

  it('answers cash on delivery with no session and the result page by order id; 400 when disabled', async () => {
    const { user } = await shopperWith(2500);
    const answer = await checkout(user, { paymentMethod: 'cod' });
    expect(answer.json()).toEqual({
      orderId: expect.any(Number),
      sessionId: null,
      url: `/checkout-success?order_id=${answer.json().orderId}`,
      next: 'confirmation',
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(t.admin),
      payload: { cod: { enabled: false } },
    });
    const { user: other } = await shopperWith(2500);
    const refused = await checkout(other, { paymentMethod: 'cod' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ paymentMethod: 'Cash on delivery is not available.' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(t.admin),
      payload: { cod: { enabled: true } },
    });
  });

  it('keeps the delivery in the profile when asked, to prefill the next checkout', async () => {
    const { user } = await shopperWith(2500);
    expect((await checkout(user, { saveDelivery: true, delivery: OFFICE })).statusCode).toBe(201);
    const profile = (await t.app.inject({ url: '/api/profile', headers: bearer(user) })).json();
    expect(profile.delivery).toMatchObject({ method: 'office', office: OFFICE.office, line1: null });
  });
});

describe('the order steps of the owner', () => {
  it('ships, delivers and returns a paid order, mailing the shopper in their language with the tracking', async () => {
    const { user, product, orderId } = await paidOrder(5000, 1, { locale: 'bg', stock: 3 });
    const shipped = await step(orderId, 'ship', {
      carrier: 'Speedy',
      trackingNumber: 'SP-778899',
      trackingUrl: 'https://tracking.speedy.test/SP-778899',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      fulfilment: 'shipped',
      tracking: { carrier: 'Speedy', number: 'SP-778899', url: 'https://tracking.speedy.test/SP-778899' },
      customer: { id: user.id, email: user.email },
    });
    const mail = await t.smtp.waitFor(user.email, (m) => /изпратена/.test(m.subject));
    expect(mail.text).toContain('Куриер: Speedy · номер на пратката SP-778899');
    expect(mail.text).toContain('https://tracking.speedy.test/SP-778899');

    expect((await step(orderId, 'ship', { carrier: 'Speedy', trackingNumber: 'X1' })).statusCode).toBe(409);
    expect((await step(orderId, 'deliver')).json()).toMatchObject({ fulfilment: 'delivered', status: 'paid' });
    const returned = await step(orderId, 'return', { restock: true });
    expect(returned.json()).toMatchObject({ fulfilment: 'returned' });
    const [stock] = await t.db.select().from(productStock).where(eq(productStock.colorId, product.colors[0]!.id));
    expect(stock).toMatchObject({ onHand: 3 });
    const shopperView = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
    expect(shopperView.events.map((event: { type: string }) => event.type)).toEqual([
      'created',
      'paid',
      'shipped',
      'delivered',
      'returned',
    ]);
  });

  it('collects the cash when a cash-on-delivery order is delivered', async () => {
    const { orderId } = await codOrder();
    expect((await step(orderId, 'deliver')).statusCode).toBe(409);
    await step(orderId, 'ship', { carrier: 'Econt', trackingNumber: 'EC1' });
    expect((await step(orderId, 'deliver')).json()).toMatchObject({ status: 'paid', fulfilment: 'delivered' });
  });

  it('refuses steps the state does not allow with 409 INVALID_TRANSITION saying why', async () => {
    const { user } = await shopperWith(2000);
    const pending = (await checkout(user)).json().orderId as number;
    const refusedShip = await step(pending, 'ship', { carrier: 'Speedy', trackingNumber: 'S1' });
    expect(refusedShip.statusCode).toBe(409);
    expect(refusedShip.json()).toEqual({
      error: 'Only a paid or cash-on-delivery order that has not left can be shipped: it is pending and unfulfilled.',
      code: 'INVALID_TRANSITION',
    });
    expect((await step(pending, 'refund', { amount: 1 })).statusCode).toBe(409);
    expect((await step(pending, 'return', { restock: true })).statusCode).toBe(409);
    const { orderId: shipped } = await paidOrder();
    await step(shipped, 'ship', { carrier: 'Speedy', trackingNumber: 'S2' });
    const cancel = await step(shipped, 'cancel');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toMatch(/has not left/);
    expect((await step(999_999, 'ship', { carrier: 'Speedy', trackingNumber: 'S3' })).statusCode).toBe(404);
  });

  it('cancels: stock back; a paid order refunded in full (refunded), others cancelled; the shopper told', async () => {
    const paid = await paidOrder(4000, 2, { stock: 2 });
    const cancelled = await step(paid.orderId, 'cancel', { reason: 'Damaged in the warehouse' });
    expect(cancelled.json()).toMatchObject({ status: 'refunded', refunded: cancelled.json().total });
    const [stock] = await t.db.select().from(productStock).where(eq(productStock.colorId, paid.product.colors[0]!.id));
    expect(stock).toMatchObject({ onHand: 2, reserved: 0 });
    const mail = await t.smtp.waitFor(paid.user.email, (m) => /cancelled/.test(m.subject));
    expect(mail.text).toContain('refunded in full');
    expect(mail.text).toContain('Reason: Damaged in the warehouse');

    const pendingShopper = await shopperWith(1500, 1, { stock: 1 });
    const pending = (await checkout(pendingShopper.user)).json().orderId as number;
    expect((await step(pending, 'cancel')).json().status).toBe('cancelled');
    const [released] = await t.db
      .select()
      .from(productStock)
      .where(eq(productStock.colorId, pendingShopper.product.colors[0]!.id));
    expect(released).toMatchObject({ onHand: 1, reserved: 0 });
  });

  it('refunds in part and in full, never above what is left, and once per idempotency key', async () => {
    const { user, orderId } = await paidOrder(5000);
    const total = (await orderRow(orderId)).totalCents / 100;
    const once = { 'idempotency-key': 'refund-click-0001' };
    const first = await step(orderId, 'refund', { amount: 10 }, once);
    expect(first.json()).toMatchObject({ status: 'paid', refunded: 10 });
    expect((await step(orderId, 'refund', { amount: 10 }, once)).json().refunded).toBe(10);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    const tooMuch = await step(orderId, 'refund', { amount: total });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toMatch(/can still be refunded/);
    // What is left to refund, as data in the shop currency (a screen never reads it out of the words).
    expect(tooMuch.json().remaining).toBe(Math.round((total - 10) * 100) / 100);
    expect((await step(orderId, 'refund', { amount: 0 })).statusCode).toBe(400);
    const rest = await step(orderId, 'refund', { amount: Math.round((total - 10) * 100) / 100 });
    expect(rest.json()).toMatchObject({ status: 'refunded', refunded: total });
    await t.effectsRun();
    const texts = t.smtp.messages
      .filter((m) => m.to.includes(user.email) && /refund/.test(m.subject))
      .map((m) => m.text);
    expect(texts.some((text) => text.includes('We refunded $10.00'))).toBe(true);
  });
});

describe('the Orders screen', () => {
  it('filters by status and fulfilment, finds by number, email, name and phone, and pages newest first', async () => {
    const ivo = await t.createUser({ name: 'Ivo Ivanov', email: `ivo-${Date.now()}@example.com` });
    const product = await t.createProduct();
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      // Two open cash-on-delivery orders at most: the first has left before the third.
      if (index === 2) await step(ids[0]!, 'ship', { carrier: 'Speedy', trackingNumber: 'S9' });
      await addCartLine(t.db, ivo, product, { quantity: 1 });
      const answer = await checkout(ivo, {
        paymentMethod: 'cod',
        delivery: { ...TEST_DELIVERY, name: 'Ivo Receiver', phone: '+359 87 555 0101' },
      });
      ids.push(answer.json().orderId);
    }
    const list = (query: string) =>
      t.app.inject({ url: `/api/admin/orders?${query}`, headers: bearer(t.admin) }).then((answer) => answer.json());
    const byEmail = await list(`q=${encodeURIComponent(ivo.email)}`);
    expect(byEmail.total).toBe(3);
    expect(byEmail.data.map((order: { id: number }) => order.id)).toEqual([...ids].reverse());
    expect(byEmail.data[0].customer).toEqual({ id: ivo.id, name: 'Ivo Ivanov', email: ivo.email });
    expect((await list(`q=%23${ids[1]}`)).data.map((order: { id: number }) => order.id)).toContain(ids[1]);
    const [{ reference }] = byEmail.data.filter((order: { id: number }) => order.id === ids[1]);
    const byReference = await list(`q=${reference.toLowerCase()}`);
    expect(byReference.data.map((order: { id: number }) => order.id)).toEqual([ids[1]]);
    expect((await list('q=Ivo%20Receiver')).total).toBeGreaterThanOrEqual(3);
    expect((await list('q=0875550101')).total).toBeGreaterThanOrEqual(3);
    const shippedPlaced = await list(`status=placed&fulfilment=shipped&q=${encodeURIComponent(ivo.email)}`);
    expect(shippedPlaced.data.map((order: { id: number }) => order.id)).toEqual([ids[0]]);
    const page2 = await list(`q=${encodeURIComponent(ivo.email)}&limit=2&page=2`);
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.data.map((order: { id: number }) => order.id)).toEqual([ids[0]]);
    for (const bad of ['status=lost', 'limit=101', 'page=0', 'fulfilment=x']) {
      expect((await t.app.inject({ url: `/api/admin/orders?${bad}`, headers: bearer(t.admin) })).statusCode).toBe(400);
    }
  });

  it('counts each filter once, and counts again after any order is written, by the shop or behind it', async () => {
    const placedTotal = async () =>
      (await t.app.inject({ url: '/api/admin/orders?status=placed&limit=1', headers: bearer(t.admin) })).json().total;
    const before = await placedTotal();
    const misses = t.app.caches.orderCounts.stats.misses;
    expect(await placedTotal()).toBe(before);
    expect(t.app.caches.orderCounts.stats.misses).toBe(misses);
    // A new order through the shop: the very next list counts it.
    const { user } = await shopperWith(2500);
    const { orderId } = (await checkout(user, { paymentMethod: 'cod' })).json();
    expect(await placedTotal()).toBe(before + 1);
    // Changed behind the shop's back (another process, a script): the feed tells, the total follows.
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    await t.heard();
    expect(await placedTotal()).toBe(before);
  });

  it('exports every line as CSV, cells that could run as formulas made inert', async () => {
    const mallory = await t.createUser({ name: '=HYPERLINK("http://evil.test")' });
    const product = await t.createProduct({ name: '+cmd|calc', priceCents: 1234 });
    await addCartLine(t.db, mallory, product, { quantity: 2 });
    const { orderId } = (await checkout(mallory, { paymentMethod: 'cod' })).json();
    const today = new Date().toISOString().slice(0, 10);
    const csv = await t.app.inject({
      url: `/api/admin/orders/export.csv?from=${today}&to=${today}`,
      headers: bearer(t.admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="orders-from-/);
    // A byte-order mark first, so that a spreadsheet reads UTF-8.
    expect(csv.body.startsWith('\uFEFForder_id,')).toBe(true);
    const [header, ...rows] = csv.body.slice(1).trim().split('\r\n');
    expect(header).toMatch(/^order_id,reference,created_at,status,/);
    const [placed] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const line = rows.find((row) => row.startsWith(`${orderId},`))!;
    expect(line).toMatch(new RegExp(`^${orderId},${placed!.reference},\\d{4}-`));
    expect(line).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(line).toContain(`'+cmd|calc`);
    // Price, its discount, the line total and the VAT within it (20 %).
    expect(line).toContain(',2,12.34,0.00,24.68,4.11,');
    expect(csvCell('-1+1')).toBe('"\'-1+1"');
    expect(csvCell('-12,34', ';')).toBe('-12,34'); // a negative amount stays a number
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('plain, with a comma')).toBe('"plain, with a comma"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('\uFF1DSUM(A1)')).toBe('"\'\uFF1DSUM(A1)"'); // Apple Numbers reads a full-width = as =
  });

  it('draws the dashboard: orders and revenue per day, totals, top products, low stock', async () => {
    const { product } = await paidOrder(7000, 3, { stock: 4 });
    const stats = (await t.app.inject({ url: '/api/admin/stats?days=7', headers: bearer(t.admin) })).json();
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10) });
    expect(stats.days.at(-1).orders).toBeGreaterThan(0);
    expect(stats.totals.orders).toBe(stats.days.reduce((sum: number, day: { orders: number }) => sum + day.orders, 0));
    expect(stats.topProducts.length).toBeGreaterThan(0);
    expect(stats.lowStock).toContainEqual(
      expect.objectContaining({ productId: product.id, colorName: 'Onyx', available: 1 }),
    );
    expect((await t.app.inject({ url: '/api/admin/stats?days=0', headers: bearer(t.admin) })).statusCode).toBe(400);
  });
});

describe('what a shopper sees of another shopper', () => {
  it('never their order: 404 as for a missing one', async () => {
    const { orderId } = await codOrder();
    const stranger: CreatedUser = await t.createUser();
    expect((await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(stranger) })).statusCode).toBe(404);
  });
});
