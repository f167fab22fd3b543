import { describe, expect, it } from 'vitest';
import { heard } from '../../test/app.js';
import { createProduct, createUser, bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { productColors, products } from '../../db/schema.js';
import { eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const t = useTestApp();

describe('GET /api/categories', () => {
  it('lists the three categories in the request language, falling back to English', async () => {
    const en = await t.app.inject('/api/categories');
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual([
      { id: 1, name: 'Elegance' },
      { id: 2, name: 'Pump Covers' },
      { id: 3, name: 'Confidence' },
    ]);
    const bg = await t.app.inject('/api/categories?lang=bg');
    expect(bg.json()[0]).toEqual({ id: 1, name: 'Елегантност' });
    const header = await t.app.inject({ url: '/api/categories', headers: { 'accept-language': 'bg-BG,bg;q=0.9' } });
    expect(header.json()[2].name).toBe('Увереност');
    const unknown = await t.app.inject('/api/categories?lang=xx');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()[0].name).toBe('Elegance');
  });
});

describe('GET /api/products', () => {
  it('returns published products in the contract shape, sizes in the spec order', async () => {
    const made = await createProduct(t.db, {
      categoryId: 2,
      priceCents: 12950,
      sizes: ['XL', 'S', 'XXL', 'XS'],
      name: 'Shape Hoodie',
    });
    await createProduct(t.db, { published: false, name: 'Hidden Draft' });
    const response = await t.app.inject('/api/products');
    expect(response.statusCode).toBe(200);
    const list = response.json<{ id: number; name: string }[]>();
    expect(list.map((p) => p.name)).not.toContain('Hidden Draft');
    const product = response.json().find((p: { id: number }) => p.id === made.id);
    expect(product).toMatchObject({
      id: made.id,
      name: 'Shape Hoodie',
      price: 129.5,
      categoryId: 2,
      published: true,
      translations: [
        expect.objectContaining({ language: 'en', name: 'Shape Hoodie' }),
        expect.objectContaining({ language: 'bg' }),
      ],
    });
    expect(product.sizes.map((s: { size: string }) => s.size)).toEqual(['XS', 'S', 'XL', 'XXL']);
    expect(product.colors.map((c: { colorName: string }) => c.colorName)).toEqual(['Onyx', 'Bone']);
    expect(Object.keys(product.colors[0]).sort()).toEqual([
      'colorName',
      'colorNameBg',
      'hoverImage',
      'id',
      'imageUrl',
      'images',
    ]);
  });

  it('filters by category and localises names', async () => {
    await createProduct(t.db, { categoryId: 3, name: 'Bold Tee', bgName: 'Смела тениска' });
    const response = await t.app.inject('/api/products?categoryId=3&lang=bg');
    const list = response.json<{ categoryId: number; name: string }[]>();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.categoryId === 3)).toBe(true);
    expect(list.map((p) => p.name)).toContain('Смела тениска');
  });

  it('answers 304 to a client that already has the current list, and a new ETag after a change', async () => {
    const first = await t.app.inject('/api/products');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await createProduct(t.db, { name: 'Fresh Arrival' });
    await heard(t.app);
    const changed = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends the list compressed to clients that accept it, the same bytes once decompressed', async () => {
    for (let i = 0; i < 3; i += 1) await createProduct(t.db);
    const plain = await t.app.inject('/api/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const brotli = await t.app.inject({ url: '/api/products', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await t.app.inject({ url: '/api/products', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('gives only the first products when asked for a few (by category, then id)', async () => {
    await heard(t.app);
    const all = (await t.app.inject('/api/products')).json<{ id: number; categoryId: number }[]>();
    const two = (await t.app.inject('/api/products?limit=2')).json<{ id: number }[]>();
    expect(two.map((p) => p.id)).toEqual(all.slice(0, 2).map((p) => p.id));
    const firstOfThree = (await t.app.inject('/api/products?categoryId=3&limit=1&lang=bg')).json<{ id: number }[]>();
    expect(firstOfThree.map((p) => p.id)).toEqual([all.find((p) => p.categoryId === 3)!.id]);
    expect((await t.app.inject('/api/products?limit=100')).json()).toHaveLength(all.length);
  });

  it('refuses malformed query values with a 400 in the error shape', async () => {
    for (const url of [
      '/api/products?categoryId=abc',
      '/api/products?categoryId=-1',
      '/api/products?categoryId=1.5',
      '/api/products?limit=0',
      '/api/products?limit=101',
      '/api/products?limit=two',
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.any(String) });
    }
  });
});

describe('GET /api/products/:id', () => {
  it('returns one product, with name in the chosen language', async () => {
    const made = await createProduct(t.db, { name: 'Noir Bomber', bgName: 'Ноар бомбър' });
    const response = await t.app.inject(`/api/products/${made.id}?lang=bg`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: made.id, name: 'Ноар бомбър', description: 'Описание.' });
  });

  it('answers 404 "Product not found" for missing, unpublished and deleted products', async () => {
    const draft = await createProduct(t.db, { published: false });
    const deleted = await createProduct(t.db);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted.id));
    for (const id of [999999, draft.id, deleted.id]) {
      const response = await t.app.inject(`/api/products/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Product not found', code: 'NOT_FOUND' });
    }
  });

  it('lets admins read unpublished products', async () => {
    const draft = await createProduct(t.db, { published: false, name: 'Draft Coat' });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const response = await t.app.inject({ url: `/api/products/${draft.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Draft Coat', published: false });
    const shopper = await createUser(t.db);
    expect((await t.app.inject({ url: `/api/products/${draft.id}`, headers: bearer(shopper) })).statusCode).toBe(404);
  });

  it('answers 400 for a non-numeric id', async () => {
    for (const id of ['abc', '1e3', '-5', '0', '99999999999999']) {
      const response = await t.app.inject(`/api/products/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('keeps colours in their position order', async () => {
    const made = await createProduct(t.db, { colors: ['Ivory', 'Slate', 'Olive'] });
    const first = made.colors[0];
    if (!first) throw new Error('no colour');
    await t.db.update(productColors).set({ position: 9 }).where(eq(productColors.id, first.id));
    await heard(t.app);
    const response = await t.app.inject(`/api/products/${made.id}`);
    expect(response.json().colors.map((c: { colorName: string }) => c.colorName)).toEqual(['Slate', 'Olive', 'Ivory']);
  });
});
