import { isDeepStrictEqual } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { multipart } from '../modules/admin/test-support.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../test/factories.js';
import { emptyPostgresDatabase } from './support/postgres.js';
import { startServer, stop, type ServerRun } from './support/server.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two API processes on one PostgreSQL and one Redis, as behind a load balancer: a catalogue
 * write, a cart write or a logout through one is seen by the other at once (its caches hear
 * PostgreSQL's NOTIFY), and rate limits count across both.
 */
describe('two API processes on one PostgreSQL and Redis', () => {
  let postgres: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  let database: Database;
  let first: ServerRun;
  let second: ServerRun;
  let admin: CreatedUser;
  let product: CreatedProduct;

  beforeAll(async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect().catch((error: unknown) => {
      throw new Error(`Redis is needed at ${REDIS_URL} (set TEST_REDIS_URL): ${String(error)}`);
    });
    redis.disconnect();

    postgres = await emptyPostgresDatabase();
    const env = { DATABASE_URL: postgres.url, REDIS_URL };
    first = await startServer(env);
    second = await startServer(env);
    database = await openDatabase({ url: postgres.url });
    admin = await createUser(database.db, { role: 'ADMIN' });
    product = await createProduct(database.db, { priceCents: 5000 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([first, second].filter(Boolean).map((run) => stop(run)));
    await database?.close();
    await postgres?.drop();
  });

  /** Reads `read` until it answers `expected` or 1 s has passed since the write; answers the last value. */
  async function seenWithin1s<T>(read: () => Promise<T>, expected: T): Promise<T> {
    const changedAt = Date.now();
    let value = await read();
    while (!isDeepStrictEqual(value, expected) && Date.now() - changedAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      value = await read();
    }
    expect(Date.now() - changedAt).toBeLessThan(1000);
    return value;
  }

  const priceOn = async (server: ServerRun) => {
    const response = await fetch(`${server.url}/api/products/${product.id}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { price: number }).price;
  };

  it('serves an admin price change made through one process from the other within 1 s', async () => {
    expect(await priceOn(second)).toBe(50); // now cached in the second process
    const form = await multipart({
      enName: 'Scale Hoodie',
      enDescription: 'Served by every process.',
      bgName: 'Суитшърт',
      bgDescription: 'Описание.',
      price: '64.5',
      categoryId: '1',
      colors: JSON.stringify(product.colors.map(({ id, colorName }) => ({ id, colorName }))),
    });
    const edit = await fetch(`${first.url}/api/products/${product.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, ...form.headers },
      body: new Uint8Array(form.payload),
    });
    expect(edit.status, await edit.text()).toBe(200);
    expect(await seenWithin1s(() => priceOn(second), 64.5)).toBe(64.5);
  });

  const cartOn = async (server: ServerRun, user: CreatedUser) => {
    const response = await fetch(`${server.url}/api/cart`, { headers: bearer(user) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { quantity: number }[]).map((line) => line.quantity);
  };

  it("serves a cart write made through one process from the other's cached cart within 1 s", async () => {
    const shopper = await createUser(database.db);
    expect(await cartOn(second, shopper)).toEqual([]);
    expect(await cartOn(second, shopper)).toEqual([]); // the session and the cart now cached there
    const add = await fetch(`${first.url}/api/cart`, {
      method: 'POST',
      headers: { ...bearer(shopper), 'content-type': 'application/json' },
      body: JSON.stringify({
        productId: product.id,
        selectedColor: product.colors[0]!.id,
        selectedSize: product.sizes[0],
        quantity: 3,
      }),
    });
    expect(add.status, await add.text()).toBe(201);
    expect(await seenWithin1s(() => cartOn(second, shopper), [3])).toEqual([3]);
  });

  it('ends a session logged out through one process on the other within 1 s', async () => {
    const shopper = await createUser(database.db);
    const statusOn = async (server: ServerRun) =>
      (await fetch(`${server.url}/api/profile`, { headers: bearer(shopper) })).status;
    expect(await statusOn(second)).toBe(200); // the session now cached there
    const logout = await fetch(`${first.url}/api/auth/logout`, { method: 'POST', headers: bearer(shopper) });
    expect(logout.status).toBe(204);
    expect(await statusOn(first)).toBe(401);
    expect(await seenWithin1s(() => statusOn(second), 401)).toBe(401);
  });

  it('counts failed logins of one account across both processes', async () => {
    const shopper = await createUser(database.db, { password: 'the right password 1' });
    const login = (server: ServerRun, password: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: shopper.email, password }),
      });
    // Ten failures, five on each process: alone, neither would have reached the limit.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await login(attempt % 2 === 0 ? first : second, 'a wrong password');
      expect(response.status).toBe(401);
    }
    for (const server of [first, second]) {
      const response = await login(server, 'the right password 1');
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
  });
});
