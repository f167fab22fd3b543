import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { products } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct } from '../../test/factories.js';

/**
 * The fast path answers before Fastify, so only a real server shows it: these tests listen on a
 * port. Whether Fastify answered shows in the catalogue cache: its routes read through `get`,
 * the fast path only looks (`lookup`).
 */
let t: TestApp;
let base: string;
let product: CreatedProduct;
let routeReads: MockInstance;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' });
  product = await createProduct(t.db, { name: 'Fast Hoodie', bgName: 'Бърз суитшърт' });
  await createProduct(t.db, { name: 'Second Hoodie', categoryId: 2 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.app.catalogCache.invalidate();
  routeReads?.mockRestore();
  routeReads = vi.spyOn(t.app.catalogCache, 'get');
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

/** Every header but the date, which moves. */
const headersOf = (response: Response) => [...response.headers].filter(([name]) => name !== 'date');

describe('the catalogue fast path', () => {
  it('answers a read the cache holds with the very bytes and headers of the route', async () => {
    const first = await get(`/api/products/${product.id}`);
    const second = await get(`/api/products/${product.id}`);
    expect(routeReads).toHaveBeenCalledTimes(1);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('vary')).toBe('accept-language, accept-encoding, authorization');
  });

  it('answers 304 to the ETag the client holds, and compresses as the route does', async () => {
    const first = await get('/api/products', { 'accept-encoding': 'br' });
    const second = await get('/api/products', { 'accept-encoding': 'br' });
    expect(routeReads).toHaveBeenCalledTimes(1);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('content-encoding')).toBe('br');
    expect((await second.json()) as unknown[]).toHaveLength(2);

    const etag = second.headers.get('etag')!;
    const unchanged = await get('/api/products', { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(await unchanged.text()).toBe('');
    expect(routeReads).toHaveBeenCalledTimes(1);
  });

  it('keeps each language and category apart, as the route does', async () => {
    await get(`/api/products/${product.id}?lang=bg`);
    const bg = await get(`/api/products/${product.id}?lang=bg`);
    const fromHeader = await get(`/api/products/${product.id}`, { 'accept-language': 'bg-BG,bg;q=0.9' });
    expect(routeReads).toHaveBeenCalledTimes(1);
    expect(((await bg.json()) as { name: string }).name).toBe('Бърз суитшърт');
    expect(((await fromHeader.json()) as { name: string }).name).toBe('Бърз суитшърт');

    await get('/api/products?categoryId=2&lang=en');
    const clothing = await get('/api/products?lang=en&categoryId=2');
    expect(routeReads).toHaveBeenCalledTimes(2);
    expect(((await clothing.json()) as { name: string }[]).map((item) => item.name)).toEqual(['Second Hoodie']);
  });

  it('leaves a visitor with a token to Fastify: an admin sees unpublished products', async () => {
    const draft = await createProduct(t.db, { published: false });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const shopper = await createUser(t.db);
    await get(`/api/products/${product.id}`);
    const mine = await get(`/api/products/${product.id}`, bearer(shopper));
    expect(mine.status).toBe(200);
    expect(routeReads).toHaveBeenCalledTimes(2);
    expect((await get(`/api/products/${draft.id}`)).status).toBe(404);
    expect((await get(`/api/products/${draft.id}`, bearer(admin))).status).toBe(200);
  });

  it('leaves every other form of an address to Fastify, which answers it as before', async () => {
    await get(`/api/products/${product.id}`);
    await get('/api/products');
    routeReads.mockClear();
    const answers = await Promise.all(
      [
        `/api/products/${product.id}?lang=xx`,
        `/api/products?lang=en&lang=bg`,
        `/api/products?categoryId=1&categoryId=2`,
        `/api/products?lang=%65n`,
        `/api/categories?categoryId=1`,
      ].map(async (path) => (await get(path)).status),
    );
    expect(answers).toEqual([200, 400, 400, 200, 200]);
    expect(routeReads).toHaveBeenCalledTimes(3); // the 400s end in validation
    expect((await get(`/api/products/0${product.id}`)).status).toBe(400);
    expect((await get(`/api/products/${product.id}/`)).status).toBe(404);
    const head = await fetch(`${base}/api/products/${product.id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('serves the new version once the catalogue changes', async () => {
    await get(`/api/products/${product.id}`);
    const before = await get(`/api/products/${product.id}`);
    await t.db.update(products).set({ priceCents: 12_345 }).where(eq(products.id, product.id));
    await t.app.catalogCache.invalidate();
    const after = await get(`/api/products/${product.id}`);
    expect(routeReads).toHaveBeenCalledTimes(2);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(((await after.json()) as { price: number }).price).toBe(123.45);
    expect((await get(`/api/products/${product.id}`)).headers.get('etag')).toBe(after.headers.get('etag'));
    expect(routeReads).toHaveBeenCalledTimes(2);
  });

  it('asks the client to close its connection while the process drains', async () => {
    await get('/api/categories');
    t.app.draining = true;
    try {
      const answer = await get('/api/categories');
      expect(answer.headers.get('connection')).toBe('close');
      expect(routeReads).toHaveBeenCalledTimes(1);
    } finally {
      t.app.draining = false;
    }
  });
  it('never answers otherwise than Fastify alone would, whatever the address', async () => {
    const query = fc.array(
      fc.constantFrom(
        'lang=en',
        'lang=bg',
        'lang=xx',
        'lang=',
        'categoryId=1',
        'categoryId=2',
        'categoryId=02',
        'limit=1',
        'limit=100',
        'limit=101',
        'limit=0',
        'x=1',
        'lang=%65n',
        '',
      ),
      { maxLength: 3 },
    );
    const address = fc.record({
      path: fc.constantFrom(
        '/api/categories',
        '/api/products',
        `/api/products/${product.id}`,
        `/api/products/${product.id}0`,
        '/api/products/2147483648',
        '/api/products/0',
      ),
      query: fc.option(query, { nil: undefined }),
      language: fc.constantFrom(undefined, 'bg', 'en-US,en;q=0.9', 'bg-BG,bg;q=0.9', 'de, bg;q=0.5'),
    });
    await fc.assert(
      fc.asyncProperty(address, async ({ path, query, language }) => {
        const url = query === undefined ? path : `${path}?${query.join('&')}`;
        const headers: Record<string, string> = language ? { 'accept-language': language } : {};
        // Twice over the socket: the second answer comes from the fast path whenever it may.
        await get(url, headers);
        const served = await get(url, headers);
        const alone = await t.app.inject({ url, headers });
        expect(served.status).toBe(alone.statusCode);
        expect(await served.text()).toBe(alone.body);
        expect(served.headers.get('etag')).toBe(alone.headers.etag ?? null);
      }),
      { numRuns: 300 },
    );
  });
});

describe('with per-request logs on', () => {
  it('sends every request through Fastify, which logs it', async () => {
    const logged = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      const made = await createProduct(logged.db);
      const url = await logged.app.listen({ port: 0, host: '127.0.0.1' });
      const reads = vi.spyOn(logged.app.catalogCache, 'get');
      for (let index = 0; index < 3; index += 1)
        expect((await fetch(`${url}/api/products/${made.id}`)).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      await logged.close();
    }
  });
});
