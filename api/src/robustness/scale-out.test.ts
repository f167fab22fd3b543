import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { multipart } from '../modules/admin/test-support.js';
import { createProduct, createUser, type CreatedProduct, type CreatedUser } from '../test/factories.js';
import { emptyPostgresDatabase } from './support/postgres.js';
import { startServer, stop, type ServerRun } from './support/server.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two API processes on one PostgreSQL and one Redis, as behind a load balancer: a catalogue
 * write through one is served by the other at once, and rate limits count across both.
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
    const changedAt = Date.now();
    let price = await priceOn(second);
    while (price !== 64.5 && Date.now() - changedAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      price = await priceOn(second);
    }
    expect(price).toBe(64.5);
    expect(Date.now() - changedAt).toBeLessThan(1000);
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
