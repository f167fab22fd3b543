import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIZES } from '@shop/contract';
import { buildApp } from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { openDatabase } from '../../api/src/db/client.js';
import { cartItems } from '../../api/src/db/schema.js';
import { TEST_DELIVERY } from '../../api/src/modules/payments/test-support.js';
import { createUser } from '../../api/src/test/factories.js';
// The app's `caches` (a module augmentation of Fastify that the app's declarations do not carry).
import type {} from '../../api/src/platform/cache/caches.js';
import type { PostgresFixture } from './fixture.js';
import { NOT_AVAILABLE, type Figure } from './lib.js';

/**
 * Database queries per request, counted with a Drizzle query logger on an in-process app over
 * the benchmark's PostgreSQL database (500 products): each must not grow with the products or
 * the cart lines.
 */
export async function queries(fixture: PostgresFixture): Promise<Figure[]> {
  let count = 0;
  const database = await openDatabase({ url: fixture.url, logger: { logQuery: () => void (count += 1) } });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-queries-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    DATABASE_URL: fixture.url,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  // The outbox's workers poll the database every second: their statements belong to no request.
  await app.outbox.stop();

  const shopperWith = async (lines: number) => {
    const shopper = await createUser(database.db);
    await database.db.insert(cartItems).values(
      Array.from({ length: lines }, (_, index) => {
        const product = fixture.products[index * 3]!;
        return {
          userId: shopper.id,
          productId: product.id,
          colorId: product.colors[0]!.id,
          size: SIZES[index % SIZES.length]!,
          quantity: 1,
        };
      }),
    );
    return { authorization: `Bearer ${shopper.token}` };
  };
  /** Queries one request runs; null when the route does not exist (yet). */
  const measure = async (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => {
    count = 0;
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (response.statusCode === 404) return null;
    if (response.statusCode >= 400)
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return count;
  };
  const cold = async (url: string) => {
    app.caches.catalogue.clear();
    return measure('GET', url);
  };
  const addLine = (lines: number) => ({
    productId: fixture.products[lines * 3 + 1]!.id,
    selectedColor: fixture.products[lines * 3 + 1]!.colors[0]!.id,
    selectedSize: 'M',
    quantity: 1,
  });

  try {
    const one = await shopperWith(1);
    const twenty = await shopperWith(20);
    // A running shop reads its settings row once, then from memory until it changes (decision
    // 0099): one checkout first, not counted, so that neither counted one pays for that read.
    await measure('POST', '/api/checkout/session', await shopperWith(1), { delivery: TEST_DELIVERY });
    const product = `/api/products/${fixture.products[0]!.id}`;
    // [figure, first, second, target]: "same" wants equal counts, "cached" a warm read without queries.
    const rows: [string, number | null, number | null, 'same' | 'cached'][] = [
      [
        'GET /api/products, 500 / 167 products (cold)',
        await cold('/api/products'),
        await cold('/api/products?categoryId=1'),
        'same',
      ],
      [
        'GET /api/products (cold / warm cache)',
        await cold('/api/products'),
        await measure('GET', '/api/products'),
        'cached',
      ],
      ['GET /api/products/:id (cold / warm cache)', await cold(product), await measure('GET', product), 'cached'],
      [
        'GET /api/cart (1 / 20 lines)',
        await measure('GET', '/api/cart', one),
        await measure('GET', '/api/cart', twenty),
        'same',
      ],
      [
        // The session is cached by now: a first read is the answer's one query, a repeated one none.
        'GET /api/wishlist + /api/profile (first / repeated read)',
        (await measure('GET', '/api/wishlist', one))! + (await measure('GET', '/api/profile', one))!,
        (await measure('GET', '/api/wishlist', one))! + (await measure('GET', '/api/profile', one))!,
        'cached',
      ],
      [
        'POST /api/cart (1 / 20 lines)',
        await measure('POST', '/api/cart', one, addLine(1)),
        await measure('POST', '/api/cart', twenty, addLine(20)),
        'same',
      ],
      [
        'POST /api/checkout/session (2 / 21 lines)',
        await measure('POST', '/api/checkout/session', one, { delivery: TEST_DELIVERY }),
        await measure('POST', '/api/checkout/session', twenty, { delivery: TEST_DELIVERY }),
        'same',
      ],
    ];
    return rows.map(([figure, first, second, rule]) => ({
      section: 'queries',
      figure,
      value: first === null || second === null ? NOT_AVAILABLE : `${first} / ${second}`,
      target: rule === 'same' ? 'equal' : 'warm = 0',
      pass: first === null || second === null ? null : rule === 'same' ? first === second : second === 0,
    }));
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
