import type { Product, WishlistItem } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { productReviews, products, wishlistItems } from '../../db/schema.js';
import { heard } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';

const t = useTestApp();

const add = (user: CreatedUser, body: Record<string, unknown>, url = '/api/wishlist') =>
  t.app.inject({ method: 'POST', url, headers: bearer(user), payload: body });
const list = (user: CreatedUser, headers: Record<string, string> = {}, url = '/api/wishlist') =>
  t.app.inject({ url, headers: { ...bearer(user), ...headers } });
const remove = (user: CreatedUser, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/wishlist/${id}`, headers: bearer(user) });

const line = (product: CreatedProduct, extra: Record<string, unknown> = {}) => ({
  productId: product.id,
  selectedSize: 'S',
  selectedColor: product.colors[1]!.imageUrl,
  quantity: 1,
  ...extra,
});

describe('wishlist: logged-out shoppers', () => {
  it('answers 401 to every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['POST', '/api/wishlist'],
      ['DELETE', '/api/wishlist/1'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST /api/wishlist', () => {
  it('adds an item (201) in the contract shape and answers 200 with the same item when it is already there', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 12000, name: 'Atelier Hoodie', bgName: 'Суитшърт Ателие' });
    const created = await add(user, line(product, { price: 1, name: 'Cheap' }), '/api/wishlist?lang=bg');
    expect(created.statusCode).toBe(201);
    const item = created.json<WishlistItem>();
    expect(item).toEqual({
      id: expect.any(Number),
      productId: product.id,
      selectedSize: 'S',
      selectedColor: product.colors[1]!.imageUrl,
      colorId: product.colors[1]!.id,
      quantity: 1,
      product: {
        translations: [
          expect.objectContaining({ language: 'bg', name: 'Суитшърт Ателие' }),
          expect.objectContaining({ language: 'en', name: 'Atelier Hoodie' }),
        ],
        price: 120,
        sale: null,
        imageUrl: product.colors[1]!.imageUrl,
        hoverImage: product.colors[1]!.hoverImage,
        colors: product.colors.map((color) => ({ ...color, images: [color.imageUrl] })),
        rating: null,
      },
    });

    const again = await add(user, line(product, { selectedColor: product.colors[1]!.id, quantity: 5 }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: item.id, quantity: 1 });
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, user.id))).toHaveLength(1);
  });

  it('keeps one item when the same add arrives many times at once', { tags: ['engine'] }, async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    const responses = await Promise.all(Array.from({ length: 10 }, () => add(user, line(product))));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
  });

  it('refuses unknown products, foreign colours, sizes not offered and bad quantities with 400', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { sizes: ['M'] });
    const other = await createProduct(t.db);
    const draft = await createProduct(t.db, { published: false });
    const bodies = [
      line(product, { productId: 999_999, selectedSize: 'M' }),
      line(draft, { selectedSize: 'M' }),
      line(product, { selectedSize: 'M', selectedColor: other.colors[0]!.id }),
      line(product),
      line(product, { selectedSize: 'M', quantity: 0 }),
      line(product, { selectedSize: 'M', productId: 'x' }),
    ];
    for (const body of bodies) {
      const response = await add(user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields).toBeDefined();
    }
    expect((await list(user)).json()).toEqual([]);
  });
});

describe('GET and DELETE /api/wishlist', () => {
  it("carries the product's colours as catalogue cards have them: the wishlist card's swatches", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, {
      colors: ['Onyx', 'Bone', 'Sage'],
      colorsBg: ['Оникс', '', 'Градински чай'],
    });
    await add(user, line(product));
    const [item] = (await list(user)).json<WishlistItem[]>();
    const card = (await t.app.inject({ url: `/api/products/${product.id}` })).json<Product>();
    expect(item!.product.colors).toEqual(card.colors);
    expect(item!.product.colors.map((color) => [color.colorName, color.colorNameBg])).toEqual([
      ['Onyx', 'Оникс'],
      ['Bone', ''],
      ['Sage', 'Градински чай'],
    ]);
  });

  it("carries the stars of the product's published reviews, as its card has them, once one is published", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    await add(user, line(product));
    expect((await list(user)).json<WishlistItem[]>()[0]!.product.rating).toBeNull();
    const review = { productId: product.id, title: 'Good', body: 'Fits.', size: 'S' as const, colorName: 'Onyx' };
    for (const [rating, status] of [
      [5, 'published'],
      [4, 'published'],
      [1, 'pending'],
    ] as const) {
      await t.db.insert(productReviews).values({ ...review, userId: (await createUser(t.db)).id, rating, status });
    }
    await heard(t.app);
    const [item] = (await list(user)).json<WishlistItem[]>();
    const card = (await t.app.inject({ url: `/api/products/${product.id}` })).json<Product>();
    expect(item!.product.rating).toEqual({ average: 4.5, count: 2 });
    expect(item!.product.rating).toEqual(card.rating);
  });

  it("lists only the shopper's items of visible products, in one query, and answers 304 while unchanged", async () => {
    const user = await createUser(t.db);
    const stranger = await createUser(t.db);
    const product = await createProduct(t.db);
    const hidden = await createProduct(t.db);
    await add(user, line(product));
    await add(user, line(product, { selectedSize: 'L' }));
    await add(user, line(hidden));
    await add(stranger, line(product));
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, hidden.id));

    const execute = vi.spyOn(t.db, 'execute');
    const first = await list(user);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(first.json<WishlistItem[]>().map((i) => [i.productId, i.selectedSize])).toEqual([
      [product.id, 'S'],
      [product.id, 'L'],
    ]);
    const etag = first.headers.etag as string;
    const same = await list(user, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    const otherLanguage = await list(user, { 'if-none-match': etag }, '/api/wishlist?lang=bg');
    expect(otherLanguage.statusCode).toBe(200);
    expect(otherLanguage.json()[0].product.translations[0].language).toBe('bg');
  });

  it("removes an own item (204) and answers 404 for another user's item, leaving it", async () => {
    const owner = await createUser(t.db);
    const thief = await createUser(t.db);
    const product = await createProduct(t.db);
    const item = (await add(owner, line(product))).json<WishlistItem>();
    const before = (await list(owner)).headers.etag as string;
    const stolen = await remove(thief, item.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'Wishlist item not found.', code: 'NOT_FOUND' });
    expect((await list(owner)).json()).toHaveLength(1);
    expect((await remove(owner, item.id)).statusCode).toBe(204);
    expect((await remove(owner, item.id)).statusCode).toBe(404);
    expect((await remove(owner, '0')).statusCode).toBe(400);
    const after = await list(owner, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([]);
  });
});
