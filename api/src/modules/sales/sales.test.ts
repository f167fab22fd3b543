import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders, productPrices, productSales } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../test/factories.js';
import { multipart } from '../../test/uploads.js';
import { addCartLine, checkout, orderOf } from '../payments/test-support.js';

let t: TestApp;
let admin: CreatedUser;
let shopper: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'ADMIN' });
  shopper = await createUser(t.db);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const putSale = (product: { id: number }, payload: object, user: CreatedUser = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/products/${product.id}/sale`, headers: bearer(user), payload });
const endSale = (product: { id: number }) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/products/${product.id}/sale`, headers: bearer(admin) });
const publicProduct = async (product: { id: number }) => {
  const response = await t.app.inject({ url: `/api/products/${product.id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const history = async (product: { id: number }) => {
  const response = await t.app.inject({
    url: `/api/admin/products/${product.id}/price-history`,
    headers: bearer(admin),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ price: number; at: string }[]>().map((change) => change.price);
};

/** A product whose regular price has been `cents` for `days` days. */
async function pricedSince(days: number, cents = 10_000): Promise<CreatedProduct> {
  const product = await createProduct(t.db, { priceCents: cents });
  await t.db
    .update(productPrices)
    .set({ at: daysAgo(days) })
    .where(eq(productPrices.productId, product.id));
  return product;
}

describe('PUT /api/admin/products/{id}/sale', () => {
  it('starts a sale now: the shopper pays its price, the prior price is the 30-day lowest, the percentage from it', async () => {
    const product = await pricedSince(60);
    const response = await putSale(product, { price: 69.9, endsAt: new Date(Date.now() + 7 * DAY).toISOString() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      price: 69.9,
      regularPrice: 100,
      sale: { priorPrice: 100, percentOff: 30 },
      scheduledSale: { price: 69.9 },
    });
    const seen = await publicProduct(product);
    expect(seen).toMatchObject({ price: 69.9, regularPrice: 100, sale: { priorPrice: 100, percentOff: 30 } });
    expect(seen.scheduledSale).toBeUndefined();
    expect(new Date(seen.sale.endsAt).getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    expect(await lastAudit(product)).toMatchObject({ action: 'product.sale_set', actorId: admin.id });
  });

  it('takes the prior price from a lower price within the 30 days, and announces no percentage above it', async () => {
    const product = await pricedSince(60);
    // A sale at 70.00 from 20 to 10 days ago: a new "sale" at 80.00 is no reduction from 70.00.
    await t.db.insert(productSales).values({
      productId: product.id,
      priceCents: 7_000,
      priorPriceCents: 10_000,
      startsAt: daysAgo(20),
      endsAt: daysAgo(10),
    });
    expect((await putSale(product, { price: 80 })).json().sale).toMatchObject({ priorPrice: 70, percentOff: 0 });
    expect((await putSale(product, { price: 60 })).json().sale).toMatchObject({ priorPrice: 70, percentOff: 14 });
    expect(await history(product)).toEqual([100, 70, 100, 80, 60]);
  });

  it('keeps a sale to come out of every answer but the admin’s until it starts', async () => {
    const product = await pricedSince(60);
    const startsAt = new Date(Date.now() + 2 * DAY).toISOString();
    const response = await putSale(product, { price: 50, startsAt });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      price: 100,
      sale: null,
      scheduledSale: { price: 50, startsAt, endsAt: null },
    });
    expect(await publicProduct(product)).toMatchObject({ price: 100, sale: null });
    expect(await history(product)).toEqual([100]);
  });

  it('refuses a sale price not below the regular price, and an end before the start, with field errors', async () => {
    const product = await pricedSince(60);
    const higher = await putSale(product, { price: 100 });
    expect(higher.statusCode).toBe(400);
    expect(higher.json().fields.price).toBe('The sale price must be lower than the regular price (100.00)');
    const past = await putSale(product, { price: 50, endsAt: daysAgo(1).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ endsAt: 'The sale must end after it starts' });
    const reversed = await putSale(product, {
      price: 50,
      startsAt: new Date(Date.now() + 2 * DAY).toISOString(),
      endsAt: new Date(Date.now() + DAY).toISOString(),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toMatchObject({ endsAt: 'The sale must end after it starts' });
    expect((await putSale(product, { price: 'cheap' })).statusCode).toBe(400);
    expect(await publicProduct(product)).toMatchObject({ price: 100, sale: null });
  });

  it('is for admins only', async () => {
    const product = await pricedSince(60);
    expect((await putSale(product, { price: 50 }, shopper)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/sale`,
      payload: { price: 50 },
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/2147483000/sale`,
      headers: bearer(admin),
      payload: { price: 50 },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/products/{id}/sale', () => {
  it('ends a running sale now and keeps it in the history; a second end is a 404', async () => {
    const product = await pricedSince(60);
    await putSale(product, { price: 75 });
    const ended = await endSale(product);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ price: 100, sale: null, scheduledSale: null });
    expect(await publicProduct(product)).toMatchObject({ price: 100, sale: null });
    expect(await history(product)).toEqual([100, 75, 100]);
    expect((await endSale(product)).statusCode).toBe(404);
  });

  it('drops a sale to come without a trace in the history', async () => {
    const product = await pricedSince(60);
    await putSale(product, { price: 75, startsAt: new Date(Date.now() + DAY).toISOString() });
    expect((await endSale(product)).json()).toMatchObject({ scheduledSale: null });
    expect(await t.db.select().from(productSales).where(eq(productSales.productId, product.id))).toEqual([]);
  });
});

describe('what a shopper pays during a sale', () => {
  it('lists the product under ?onSale=true, and carts, wishlists and orders take the sale price', async () => {
    const product = await pricedSince(60);
    const regular = await pricedSince(60);
    await putSale(product, { price: 80 });
    const onSale = await t.app.inject({ url: '/api/products?onSale=true' });
    expect(onSale.statusCode, onSale.body).toBe(200);
    const ids = onSale.json<{ id: number }[]>().map((found) => found.id);
    expect(ids).toContain(product.id);
    expect(ids).not.toContain(regular.id);
    expect((await t.app.inject({ url: '/api/products?onSale=yes' })).statusCode).toBe(400);

    const buyer = await createUser(t.db);
    await addCartLine(t.db, buyer, product, { quantity: 2 });
    const cart = await t.app.inject({ url: '/api/cart', headers: bearer(buyer) });
    expect(cart.json()[0]).toMatchObject({ price: 80, sale: { priorPrice: 100, percentOff: 20 } });
    const { sessionId } = await checkout(t.app, buyer);
    const order = await orderOf(t.db, sessionId);
    expect(order.subtotalCents).toBe(16_000);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item!.unitPriceCents).toBe(8_000);
    expect(item!.priorPriceCents).toBe(10_000);
    const answered = await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(buyer) });
    expect(answered.json().items[0]).toMatchObject({ unitPrice: 80, priorPrice: 100 });
    await t.db.delete(orders).where(eq(orders.id, order.id));
  });

  it('gives a sale to come the prior price of the regular price changed before it starts', async () => {
    const product = await pricedSince(60);
    await putSale(product, { price: 70, startsAt: new Date(Date.now() + DAY).toISOString() });
    // The owner lowers the regular price to 90.00 before the sale: 90.00 is in its 30 days.
    const form = await multipart({
      enName: 'Sale Hoodie',
      enDescription: 'Marked down.',
      bgName: 'Суитшърт',
      bgDescription: 'Намален.',
      price: '90',
      categoryId: '1',
      colors: JSON.stringify(product.colors.map(({ id, colorName }) => ({ id, colorName }))),
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [sale] = await t.db.select().from(productSales).where(eq(productSales.productId, product.id));
    expect(sale!.priorPriceCents).toBe(9_000);
  });
});

describe('a sale starts and ends by itself', () => {
  it('shows in the cached product answer, its ETag and the sitemap within seconds of its start, with no write', async () => {
    const product = await pricedSince(60);
    const startsAt = new Date(Date.now() + 1_500);
    const response = await putSale(product, { price: 60, startsAt: startsAt.toISOString() });
    expect(response.statusCode, response.body).toBe(200);
    const before = await t.app.inject({ url: `/api/products/${product.id}` });
    expect(before.json()).toMatchObject({ price: 100, sale: null });
    const etag = String(before.headers.etag);
    expect(
      (await t.app.inject({ url: `/api/products/${product.id}`, headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    // The cache holds the answer: only the clock can make it change.
    await expect.poll(async () => (await publicProduct(product)).price, { timeout: 20_000, interval: 100 }).toBe(60);
    expect(Date.now() - startsAt.getTime()).toBeLessThan(20_000);
    const after = await t.app.inject({ url: `/api/products/${product.id}`, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    const entry = sitemap.split('<url>').find((url) => url.includes(`/product/${product.id}?lang=en</loc>`));
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(entry ?? '')?.[1];
    expect(new Date(lastmod ?? 0).getTime()).toBeGreaterThanOrEqual(startsAt.getTime());
  });
});

async function lastAudit(product: { id: number }) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `product:${product.id}`));
  return rows.at(-1);
}
