import type { CartItem } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartItems, productColors, products, sessions, shopSettings, wishlistItems } from '../../db/schema.js';
import { generateToken, hashToken } from '../../platform/security/tokens.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../test/factories.js';
import { removeProductFromCartsAndWishlists } from './service.js';

let t: TestApp;
/** The shop's units limit per colour and size (a setting, the spec's 99 by default). */
const setUnitsLimit = (maxUnitsPerVariant: number) =>
  t.db.update(shopSettings).set({ maxUnitsPerVariant }).where(eq(shopSettings.id, 1));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const add = (user: CreatedUser, body: Record<string, unknown>, url = '/api/cart') =>
  t.app.inject({ method: 'POST', url, headers: bearer(user), payload: body });
const getCart = (user: CreatedUser, url = '/api/cart') => t.app.inject({ url, headers: bearer(user) });
const patch = (user: CreatedUser, id: number, body: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/cart/${id}`, headers: bearer(user), payload: body as object });
const remove = (user: CreatedUser, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/cart/${id}`, headers: bearer(user) });

const line = (product: CreatedProduct, extra: Record<string, unknown> = {}) => ({
  productId: product.id,
  selectedSize: 'M',
  selectedColor: product.colors[0]!.id,
  quantity: 1,
  ...extra,
});

async function quantityOf(cartItemId: number): Promise<number | undefined> {
  const [row] = await t.db.select({ quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.id, cartItemId));
  return row?.quantity;
}

/** A second live session of the same user, as from another device or tab. */
async function secondSession(user: CreatedUser): Promise<CreatedUser> {
  const token = generateToken();
  await t.db
    .insert(sessions)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { ...user, token };
}

describe('cart: logged-out shoppers', () => {
  it('answers 401 to every route without a valid token, before looking at the body', async () => {
    for (const [method, url] of [
      ['GET', '/api/cart'],
      ['POST', '/api/cart'],
      ['PATCH', '/api/cart/1'],
      ['DELETE', '/api/cart/1'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : { junk: true } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    }
    const badToken = await t.app.inject({ url: '/api/cart', headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    expect(badToken.statusCode).toBe(401);
  });
});

describe('POST /api/cart', () => {
  it('creates a line (201) with name, price and image from the database, ignoring what the client sent', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 8900, name: 'Noir Track Jacket' });
    const response = await add(
      user,
      line(product, { quantity: 2, price: 0.01, name: 'Free jacket', imageUrl: 'https://evil.test/x.png' }),
    );
    expect(response.statusCode).toBe(201);
    const item = response.json<CartItem>();
    expect(item).toEqual({
      cartItemId: expect.any(Number),
      productId: product.id,
      name: 'Noir Track Jacket',
      price: 89,
      sale: null,
      selectedSize: 'M',
      selectedColor: product.colors[0]!.imageUrl,
      colorId: product.colors[0]!.id,
      colorName: 'Onyx',
      colorNameBg: '',
      quantity: 2,
      imageUrl: product.colors[0]!.imageUrl,
      available: null, // stock not tracked: unlimited
    });
  });

  it('merges an add into the same product, colour and size (200), naming the colour by id or image url', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    const first = await add(user, line(product, { quantity: 3 }));
    expect(first.statusCode).toBe(201);
    const byUrl = await add(user, line(product, { selectedColor: product.colors[0]!.imageUrl, quantity: 4 }));
    expect(byUrl.statusCode).toBe(200);
    expect(byUrl.json()).toMatchObject({ cartItemId: first.json().cartItemId, quantity: 7 });
    const variantUrl = await add(user, line(product, { selectedColor: `${product.colors[0]!.imageUrl}?w=400` }));
    expect(variantUrl.json()).toMatchObject({ cartItemId: first.json().cartItemId, quantity: 8 });

    const otherColour = await add(user, line(product, { selectedColor: product.colors[1]!.id }));
    const otherSize = await add(user, line(product, { selectedSize: 'L' }));
    expect(otherColour.statusCode).toBe(201);
    expect(otherSize.statusCode).toBe(201);
    const cart = (await getCart(user)).json<CartItem[]>();
    expect(cart.map((i) => [i.colorName, i.selectedSize, i.quantity])).toEqual([
      ['Onyx', 'M', 8],
      ['Bone', 'M', 1],
      ['Onyx', 'L', 1],
    ]);
  });

  it('caps a line at 99 by default and answers 409 MAX_QUANTITY once it is there', async () => {
    const [settings] = await t.db.select().from(shopSettings);
    expect(settings?.maxUnitsPerVariant).toBe(99);
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    await add(user, line(product, { quantity: 60 }));
    const capped = await add(user, line(product, { quantity: 60 }));
    expect(capped.statusCode).toBe(200);
    expect(capped.json().quantity).toBe(99);
    const over = await add(user, line(product, { quantity: 1 }));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: 'Maximum quantity of 99 reached', code: 'MAX_QUANTITY' });
    expect(await quantityOf(capped.json().cartItemId)).toBe(99);
  });

  it('caps a line at the shop’s units limit: an add clamps to it, then 409 MAX_QUANTITY; a quantity above it too', async () => {
    await setUnitsLimit(10);
    try {
      const user = await createUser(t.db);
      const product = await createProduct(t.db, { stock: 50 });
      expect((await add(user, line(product, { quantity: 12 }))).json().quantity).toBe(10);
      const over = await add(user, line(product, { quantity: 1 }));
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({ error: 'Maximum quantity of 10 reached', code: 'MAX_QUANTITY' });
      const other = await add(user, line(product, { quantity: 6, selectedSize: 'L' }));
      expect((await add(user, line(product, { quantity: 6, selectedSize: 'L' }))).json().quantity).toBe(10);
      const set = await patch(user, other.json().cartItemId, { quantity: 11 });
      expect(set.statusCode).toBe(409);
      expect(set.json()).toEqual({ error: 'Maximum quantity of 10 reached', code: 'MAX_QUANTITY' });
      expect((await patch(user, other.json().cartItemId, { quantity: 9 })).statusCode).toBe(200);
    } finally {
      await setUnitsLimit(99);
    }
  });

  it('refuses quantities outside 1..99, non-integers and missing fields with 400 and field messages', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    for (const quantity of [0, -1, 100, 1.5, '2', null]) {
      const response = await add(user, line(product, { quantity }));
      expect(response.statusCode, `quantity ${String(quantity)}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { quantity: expect.any(String) } });
    }
    const noSize = await add(user, { productId: product.id, selectedColor: product.colors[0]!.id });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().fields).toHaveProperty('selectedSize');
    const badSize = await add(user, line(product, { selectedSize: 'XXXL' }));
    expect(badSize.statusCode).toBe(400);
    const badId = await add(user, line(product, { productId: 'abc' }));
    expect(badId.statusCode).toBe(400);
    expect(await getCart(user).then((r) => r.json())).toEqual([]);
  });

  it('refuses a product, colour or size the shop does not sell with a clear 400', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { sizes: ['S', 'M'] });
    const other = await createProduct(t.db);
    const draft = await createProduct(t.db, { published: false });
    const deleted = await createProduct(t.db);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted.id));
    const otherImage = `/files/${'f'.repeat(64)}`;
    await t.db.update(productColors).set({ imageUrl: otherImage }).where(eq(productColors.id, other.colors[0]!.id));

    const cases: [Record<string, unknown>, string, string][] = [
      [line(product, { productId: 999_999 }), 'productId', 'This product is not available.'],
      [line(draft), 'productId', 'This product is not available.'],
      [line(deleted), 'productId', 'This product is not available.'],
      [
        line(product, { selectedColor: other.colors[0]!.id }),
        'selectedColor',
        'This colour is not available for this product.',
      ],
      [line(product, { selectedColor: otherImage }), 'selectedColor', 'This colour is not available for this product.'],
      [
        line(product, { selectedColor: '/files/nope' }),
        'selectedColor',
        'This colour is not available for this product.',
      ],
      [line(product, { selectedSize: 'XL' }), 'selectedSize', 'Size XL is not available for this product.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await add(user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: message, code: 'VALIDATION_ERROR', fields: { [field]: message } });
    }
    expect(await getCart(user).then((r) => r.json())).toEqual([]);
  });

  it(
    'holds the cap under concurrency: 50 parallel adds from two sessions end at exactly min(99, sum)',
    { tags: ['engine'] },
    async () => {
      const user = await createUser(t.db);
      const tab = await secondSession(user);
      const product = await createProduct(t.db);
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => add(i % 2 === 0 ? user : tab, line(product, { quantity: 3 }))),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.every((s) => s === 200 || s === 201 || s === 409)).toBe(true);
      // 33 adds of 3 reach 99 exactly; every later add finds the line full.
      expect(statuses.filter((s) => s === 409)).toHaveLength(17);
      const cart = (await getCart(user)).json<CartItem[]>();
      expect(cart).toHaveLength(1);
      expect(cart[0]!.quantity).toBe(99);
    },
  );

  it(
    'adds every parallel request below the cap: 40 adds of 2 from two sessions end at 80',
    { tags: ['engine'] },
    async () => {
      const user = await createUser(t.db);
      const tab = await secondSession(user);
      const product = await createProduct(t.db);
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) => add(i % 2 === 0 ? user : tab, line(product, { quantity: 2 }))),
      );
      expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
      expect((await getCart(user)).json<CartItem[]>()[0]!.quantity).toBe(80);
    },
  );
});

describe('GET /api/cart', () => {
  it("lists only the shopper's own lines, in the request language, with one query for any number of lines", async () => {
    const user = await createUser(t.db);
    const stranger = await createUser(t.db);
    const product = await createProduct(t.db, {
      name: 'Pump Cover',
      bgName: 'Калъф',
      colorsBg: ['Оникс'],
      sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    });
    for (const size of ['XS', 'S', 'M', 'L', 'XL', 'XXL']) await add(user, line(product, { selectedSize: size }));
    await add(stranger, line(product));

    const execute = vi.spyOn(t.db, 'execute');
    const response = await getCart(user, '/api/cart?lang=bg');
    expect(execute).toHaveBeenCalledTimes(1);
    const cart = response.json<CartItem[]>();
    expect(cart).toHaveLength(6);
    expect(cart.every((i) => i.name === 'Калъф')).toBe(true);
    // The colour's names in both languages: the web app shows the one that fits.
    expect(cart[0]).toMatchObject({ colorName: 'Onyx', colorNameBg: 'Оникс' });
    const english = await t.app.inject({
      url: '/api/cart',
      headers: { ...bearer(user), 'accept-language': 'fr, en;q=0.5' },
    });
    expect(english.json<CartItem[]>()[0]!.name).toBe('Pump Cover');
    expect((await getCart(stranger)).json<CartItem[]>().map((i) => i.selectedSize)).toEqual(['M']);
  });

  it('answers 304 to If-None-Match while the cart is unchanged, and a new ETag after a change', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    const first = await getCart(user);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const same = await t.app.inject({ url: '/api/cart', headers: { ...bearer(user), 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    await add(user, line(product));
    const changed = await t.app.inject({ url: '/api/cart', headers: { ...bearer(user), 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toHaveLength(1);
  });

  it('hides lines of unpublished or deleted products; deleting a product removes its lines everywhere', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    const kept = await createProduct(t.db);
    const added = (await add(user, line(product))).json<CartItem>();
    await add(user, line(kept));
    await t.db
      .insert(wishlistItems)
      .values({ userId: user.id, productId: product.id, colorId: product.colors[0]!.id, size: 'M' });

    await t.db.update(products).set({ publishedAt: null }).where(eq(products.id, product.id));
    expect((await getCart(user)).json<CartItem[]>().map((i) => i.productId)).toEqual([kept.id]);
    expect((await patch(user, added.cartItemId, { quantity: 5 })).statusCode).toBe(404);
    expect(await quantityOf(added.cartItemId)).toBe(1);

    await t.db.transaction(async (tx) => {
      await tx.update(products).set({ deletedAt: new Date() }).where(eq(products.id, product.id));
      await removeProductFromCartsAndWishlists(tx, product.id);
    });
    expect(await quantityOf(added.cartItemId)).toBeUndefined();
    const wishlist = await t.db
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, user.id)));
    expect(wishlist).toEqual([]);
    expect((await getCart(user)).json()).toHaveLength(1);
  });
});

describe('PATCH and DELETE /api/cart/:cartItemId', () => {
  it('sets the quantity of an own line, within 1..99', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { bgName: 'Яке' });
    const item = (await add(user, line(product))).json<CartItem>();
    const updated = await patch(user, item.cartItemId, { quantity: 42 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...item, quantity: 42 });
    const bg = await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/${item.cartItemId}?lang=bg`,
      headers: bearer(user),
      payload: { quantity: 99 },
    });
    expect(bg.json()).toMatchObject({ name: 'Яке', quantity: 99 });
    for (const quantity of [0, 100, 2.5, 'ten']) {
      expect((await patch(user, item.cartItemId, { quantity })).statusCode).toBe(400);
    }
    expect((await patch(user, item.cartItemId, {})).statusCode).toBe(400);
    expect(await quantityOf(item.cartItemId)).toBe(99);
  });

  it("answers 404 for another user's line and leaves it unchanged", async () => {
    const owner = await createUser(t.db);
    const thief = await createUser(t.db);
    const product = await createProduct(t.db);
    const item = (await add(owner, line(product, { quantity: 3 }))).json<CartItem>();
    const patched = await patch(thief, item.cartItemId, { quantity: 1 });
    expect(patched.statusCode).toBe(404);
    expect(patched.json()).toEqual({ error: 'Cart item not found.', code: 'NOT_FOUND' });
    expect((await remove(thief, item.cartItemId)).statusCode).toBe(404);
    expect(await quantityOf(item.cartItemId)).toBe(3);
  });

  it('removes an own line (204); a second delete and unknown or malformed ids answer 404/400', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    const item = (await add(user, line(product))).json<CartItem>();
    const removed = await remove(user, item.cartItemId);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await remove(user, item.cartItemId)).statusCode).toBe(404);
    expect((await remove(user, 2_000_000_000)).statusCode).toBe(404);
    expect((await remove(user, 'abc' as unknown as number)).statusCode).toBe(400);
    expect((await patch(user, item.cartItemId, { quantity: 2 })).statusCode).toBe(404);
    expect((await getCart(user)).json()).toEqual([]);
  });
});
