import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { products } from '../../db/schema.js';
import { HOOKS_THE_FAST_PATH_SKIPS } from './fast-path.js';
import { buildApp } from '../../app.js';
import { createTestApp, heard, type TestApp } from '../../test/app.js';
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
  t = await createTestApp();
  product = await createProduct(t.db, { name: 'Fast Hoodie', bgName: 'Бърз суитшърт' });
  await createProduct(t.db, { name: 'Second Hoodie', categoryId: 2 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

beforeEach(async () => {
  await heard(t.app);
  t.app.caches.catalogue.clear();
  routeReads?.mockRestore();
  routeReads = vi.spyOn(t.app.caches.catalogue, 'get');
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

/** Every header but the date, which moves. */
const headersOf = (response: Response) => [...response.headers].filter(([name]) => name !== 'date');

describe('the catalogue fast path', () => {
  it('answers a read the cache holds with the very bytes and headers of the route', async () => {
    const counted = vi.spyOn(t.app.metrics, 'fastPathAnswer');
    const first = await get(`/api/products/${product.id}`);
    const second = await get(`/api/products/${product.id}`);
    expect(routeReads).toHaveBeenCalledTimes(1);
    // Counted in the metrics as a request of its route, as Fastify's answer is.
    expect(counted).toHaveBeenCalledExactlyOnceWith('/api/products/:id', 200, expect.any(Number));
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
    // Written with SQL, behind the app's back: the change feed tells the cache all the same.
    await t.db.update(products).set({ priceCents: 12_345 }).where(eq(products.id, product.id));
    await heard(t.app);
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

describe('with per-request logs on (LOG_LEVEL=debug)', () => {
  it('answers from the cache all the same, and logs each read as Fastify logs its requests', async () => {
    const lines: { msg?: string; reqId?: string; req?: { url?: string }; res?: { statusCode?: number } }[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'debug' });
    const app = await buildApp({
      config: logged.config,
      database: logged.database,
      serveWebApp: false,
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    try {
      const made = await createProduct(logged.db);
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const reads = vi.spyOn(app.caches.catalogue, 'get');
      for (let index = 0; index < 3; index += 1)
        expect((await fetch(`${url}/api/products/${made.id}`)).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
      const requests = lines.filter((line) => line.msg === 'incoming request');
      const completed = lines.filter((line) => line.msg === 'request completed');
      expect(requests.map((line) => line.req?.url)).toEqual(Array(3).fill(`/api/products/${made.id}`));
      expect(completed.map((line) => line.res?.statusCode)).toEqual([200, 200, 200]);
      // The same fields on either path: Fastify's answer first, then two from the fast path.
      expect(Object.keys(requests[2]!).sort()).toEqual(Object.keys(requests[0]!).sort());
      expect(Object.keys(completed[2]!).sort()).toEqual(Object.keys(completed[0]!).sort());
      expect(new Set(requests.map((line) => line.reqId)).size).toBe(3);
    } finally {
      await app.close();
      await logged.close();
    }
  });

  it('is off at the default level, where neither path logs a line per request', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: t.config,
      database: t.database,
      serveWebApp: false,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      for (let index = 0; index < 3; index += 1) await fetch(`${url}/api/products/${product.id}`);
      expect(lines.filter((line) => line.includes('request'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('the hooks a catalogue read skips on the fast path', () => {
  it('are exactly the reviewed ones: a new hook must say why the fast path may skip it', async () => {
    const app = await buildApp({ config: t.config, database: t.database, logger: false, serveWebApp: false });
    try {
      let context: Record<string, unknown> | undefined;
      // The route's context holds every hook that applies to it (the app's and the route's own).
      app.addHook('onResponse', function captureContext(request, _reply, done) {
        const symbol = Object.getOwnPropertySymbols(request).find((s) => s.description === 'fastify.context');
        context = (request as unknown as Record<symbol, Record<string, unknown>>)[symbol!];
        done();
      });
      await app.ready();
      await app.inject(`/api/products/${product.id}`);
      const hooks = [
        'onRequest',
        'preParsing',
        'preValidation',
        'preHandler',
        'preSerialization',
        'onSend',
        'onResponse',
      ]
        .flatMap((name) =>
          ((context?.[name] as { name: string }[] | null) ?? []).map(
            // Fastify binds each hook to its instance: `bound setResponseHeaders`.
            (hook) => `${name} ${hook.name.replace(/^bound /, '') || '(anonymous)'}`,
          ),
        )
        .filter((hook) => hook !== 'onResponse captureContext');
      expect(hooks.sort()).toEqual(Object.keys(HOOKS_THE_FAST_PATH_SKIPS).sort());
    } finally {
      await app.close();
    }
  });
});
