// @module-tag engine: what each driver's errors say must never reach an answer.
import { SIZES } from '@shop/contract';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../test/factories.js';
import { leaksInternals } from './support/leaks.js';

/**
 * Every route the app registers (collected with an onRoute hook, so routes added later are
 * fuzzed too) gets generated path ids, query strings and bodies, as a stranger, a shopper and
 * an admin. Nothing may answer 5xx, leak a stack trace or SQL, or break the `{ error, code }` shape.
 */
const seen = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof FastifyModule>();
  const withRouteLog = ((options?: object) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => void seen.push(route));
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: withRouteLog, fastify: withRouteLog };
});

/** Requests per database pass; the suite runs on PGlite and on PostgreSQL, so twice this in all. */
const REQUESTS_PER_PASS = 5000;

let t: TestApp;
let shopper: CreatedUser;
let admin: CreatedUser;
let productIds: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  shopper = await createUser(t.db);
  admin = await createUser(t.db, { role: 'ADMIN' });
  const products = await Promise.all([createProduct(t.db), createProduct(t.db, { categoryId: 2 })]);
  productIds = products.map((product) => product.id);
});
afterAll(() => t.close());

const ANY_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Swagger UI serves its own static bundle; it has no inputs of ours. */
const isOurs = (route: RouteOptions) => !route.url.startsWith('/api/docs');

const tricky = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '9007199254740993',
  '2147483647',
  '2147483648',
  '4294967296',
  '0.001',
  '0.004',
  '99999999999999999999',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' or 1=1 --",
  '"; drop table users; --',
  '../../etc/passwd',
  '%00',
  '%',
  '\u0000',
  'Sofia\u0000x',
  '\u001b[2J',
  'line\u0085',
  'tab\tand\nbreak',
  'é',
  '🧥',
  '<script>alert(1)</script>',
  '${7*7}',
  'a'.repeat(250),
  ' ',
  '',
];
const scalar = fc.oneof(
  fc.integer({ min: -3, max: 5 }),
  fc.integer(),
  // Past PostgreSQL's integer, where ids and cents live: refused with a 400, never a database error.
  fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 2 }),
  fc.constantFrom(2 ** 32, 2 ** 53, 1e21, 0.001, 0.004, -0.01),
  fc.double(),
  fc.constantFrom(...tricky),
  fc.string(),
  fc.constantFrom(...SIZES, 'xl', 'XXXL'),
  fc.boolean(),
  fc.constant(null),
);
const pathValue = fc.oneof(
  fc.constantFrom(...tricky.filter(Boolean)),
  fc.nat({ max: 20 }).map(String),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.stringMatching(/^cs_local_[A-Za-z0-9_-]{20,30}$/),
  fc.stringMatching(/^[a-f0-9]{64}$/),
);
/** Field names the app's bodies and queries use, so generated input reaches past "unknown key". */
const fieldNames = [
  'productId',
  'selectedSize',
  'selectedColor',
  'quantity',
  'email',
  'password',
  'name',
  'otp',
  'locale',
  'resetToken',
  'newPassword',
  'address',
  'phone',
  'profilePicture',
  'userId',
  'newRole',
  'role',
  'items',
  'colorName',
  'colorNameBg',
  'price',
  'categoryId',
  'sizes',
  'colors',
  'translations',
  'enName',
  'bgName',
  'lang',
  'w',
  'session_id',
  'cardNumber',
  'expiry',
  'cvc',
  'orderId',
  'token',
  '__proto__',
  'constructor',
];
const key = fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 }));
const shapedObject = fc.dictionary(
  key,
  fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(key, scalar, { maxKeys: 3 })),
  {
    maxKeys: 6,
  },
);
const body = fc.oneof(
  { weight: 5, arbitrary: shapedObject.map((value) => ({ type: 'application/json', payload: JSON.stringify(value) })) },
  {
    weight: 2,
    arbitrary: fc
      .jsonValue({ maxDepth: 3 })
      .map((value) => ({ type: 'application/json', payload: JSON.stringify(value) })),
  },
  { weight: 1, arbitrary: fc.string().map((text) => ({ type: 'application/json', payload: text })) },
  { weight: 1, arbitrary: fc.string().map((text) => ({ type: 'application/x-www-form-urlencoded', payload: text })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/xml',
          'image/png',
        ),
        fc.string(),
      )
      .map(([type, payload]) => ({ type, payload })),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
const query = fc.dictionary(key, fc.oneof(scalar.map(String), fc.constantFrom('en', 'bg', 'de')), { maxKeys: 4 });
const who = fc.constantFrom<'stranger' | 'shopper' | 'admin' | 'forged'>('stranger', 'shopper', 'admin', 'forged');

function fillPath(url: string, values: string[]): string {
  let index = 0;
  return url.replace(/:[A-Za-z_]+/g, () => {
    const value = values[index++ % values.length] ?? '1';
    // Half the time a real product id, so handlers run past "not found".
    return /^\d+$/.test(value) && Number(value) % 2 === 0
      ? String(productIds[Number(value) % productIds.length])
      : encodeURIComponent(value);
  });
}

describe('fuzzing every route', () => {
  it('never answers 5xx, never leaks internals, and every 4xx is { error, code }', async () => {
    const routes = seen
      .filter(isOurs)
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, url: route.url })),
      )
      .filter((route) => ANY_METHODS.includes(route.method));
    const unique = [...new Map(routes.map((route) => [`${route.method} ${route.url}`, route])).values()];
    expect(unique.length).toBeGreaterThan(20);
    const runsPerRoute = Math.ceil(REQUESTS_PER_PASS / unique.length);
    let requests = 0;

    for (const route of unique) {
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathValue, { minLength: 1, maxLength: 3 }),
          query,
          body,
          who,
          async (ids, params, payload, as) => {
            const search = new URLSearchParams(params).toString();
            const headers: Record<string, string> = {};
            if (as === 'shopper') Object.assign(headers, bearer(shopper));
            if (as === 'admin') Object.assign(headers, bearer(admin));
            if (as === 'forged') headers.authorization = 'Bearer forged-token-that-does-not-exist';
            const sendsBody = payload && route.method !== 'GET' && route.method !== 'HEAD';
            if (sendsBody) headers['content-type'] = payload.type;
            const response = await t.app.inject({
              method: route.method as 'GET',
              url: `${fillPath(route.url, ids)}${search ? `?${search}` : ''}`,
              headers,
              ...(sendsBody ? { payload: payload.payload } : {}),
            });
            requests += 1;
            const where = `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            expect(leaksInternals(response.body), where).toBe(false);
            const isHtml = String(response.headers['content-type'] ?? '').startsWith('text/html');
            if (response.statusCode >= 400 && route.method !== 'HEAD' && !isHtml) {
              const json = response.json<Record<string, unknown>>();
              expect(typeof json.error, where).toBe('string');
              expect(typeof json.code, where).toBe('string');
            }
          },
        ),
        { numRuns: runsPerRoute },
      );
      if (process.env.FUZZ_TIMING)
        process.stdout.write(`${Math.round(performance.now() - started)} ms ${route.method} ${route.url}\n`);
    }
    expect(requests).toBeGreaterThanOrEqual(REQUESTS_PER_PASS);
  }, 240_000);
});
