// @module-tag engine: several API processes share one PostgreSQL (PostgreSQL only).
import { isDeepStrictEqual } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { generateToken, hashToken } from '../platform/security/tokens.js';
import { multipart } from '../test/uploads.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../test/factories.js';
import { emptyPostgresDatabase } from './support/postgres.js';
import { startServer, stop, type ServerRun } from './support/server.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two API processes on one PostgreSQL and one Redis, as behind a load balancer: a cart write or a
 * logout through one is seen by the other's very next signed-in request (it waits for the change
 * feed's fence), a catalogue write by anonymous readers within milliseconds, and rate limits
 * count across both.
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

  const priceOn = async (server: ServerRun, reader?: CreatedUser) => {
    const response = await fetch(`${server.url}/api/products/${product.id}`, { headers: reader ? bearer(reader) : {} });
    expect(response.status).toBe(200);
    return ((await response.json()) as { price: number }).price;
  };

  it('serves an admin price change made through one process to the next signed-in read of the other, and to anonymous ones within 1 s', async () => {
    const shopper = await createUser(database.db);
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
    expect(await priceOn(second, shopper)).toBe(64.5);
    expect(await seenWithin1s(() => priceOn(second), 64.5)).toBe(64.5);
  });

  const cartOn = async (server: ServerRun, user: CreatedUser) => {
    const response = await fetch(`${server.url}/api/cart`, { headers: bearer(user) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { quantity: number }[]).map((line) => line.quantity);
  };

  it("serves a cart write made through one process to the very next read of the other's cached cart", async () => {
    const shopper = await createUser(database.db);
    expect(await cartOn(second, shopper)).toEqual([]);
    expect(await cartOn(second, shopper)).toEqual([]); // the session and the cart now cached there
    for (const quantity of [3, 5, 9]) {
      const add = await fetch(`${first.url}/api/cart`, {
        method: 'POST',
        headers: { ...bearer(shopper), 'content-type': 'application/json' },
        body: JSON.stringify({
          productId: product.id,
          selectedColor: product.colors[0]!.id,
          selectedSize: product.sizes[0],
          quantity: quantity === 3 ? 3 : 2,
        }),
      });
      expect(add.status, await add.text()).toBeLessThan(300);
      expect(await cartOn(second, shopper)).toEqual([quantity === 9 ? 7 : quantity]);
    }
  });

  it('ends a session logged out through one process on the very next request to the other: 0 of 300', async () => {
    const statusOn = async (server: ServerRun, token: string) =>
      (await fetch(`${server.url}/api/profile`, { headers: { authorization: `Bearer ${token}` } })).status;
    const shopper = await createUser(database.db);
    // The other process is kept busy meanwhile, as a process behind a load balancer is: its event
    // loop then has requests queued beside the notification that ends the session.
    let busy = true;
    const load = Array.from({ length: 16 }, async () => {
      while (busy) await (await fetch(`${second.url}/api/categories`)).arrayBuffer();
    });
    let accepted = 0;
    for (let round = 0; round < 300; round += 1) {
      const token = generateToken();
      await database.db
        .insert(sessions)
        .values({ userId: shopper.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
      expect(await statusOn(second, token)).toBe(200); // the session now cached there
      const logout = await fetch(`${first.url}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(logout.status).toBe(204);
      if ((await statusOn(second, token)) !== 401) accepted += 1;
    }
    busy = false;
    await Promise.all(load);
    expect(accepted).toBe(0);
    // What is asserted is the count, not the time: 300 rounds against a process kept busy took
    // 21 s alone on this kind of host and more than 120 s beside the first stage's checks.
  }, 300_000);

  it('applies a role change made through one process on the very next request to the other', async () => {
    // The root admin the first start seeded (only they make and unmake admins).
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'robustness-root-password' }),
    });
    expect(login.status).toBe(200);
    const root = (await login.json()) as { token: string };
    const user = await createUser(database.db);
    const usersOn = async (server: ServerRun) =>
      (await fetch(`${server.url}/api/admin/users`, { headers: bearer(user) })).status;
    for (const [role, status] of [
      ['ADMIN', 200],
      ['USER', 403],
      ['ADMIN', 200],
    ] as const) {
      const change = await fetch(`${first.url}/api/admin/users/role`, {
        method: 'PUT',
        headers: { ...bearer(root), 'content-type': 'application/json' },
        body: JSON.stringify({ userId: user.id, newRole: role }),
      });
      expect(change.status).toBe(200);
      expect(await usersOn(second)).toBe(status);
    }
  });

  it('starts a scheduled sale by itself in both processes: their cached answers show it within seconds', async () => {
    const marked = await createProduct(database.db, { priceCents: 8000 });
    const readPrice = async (server: ServerRun) => {
      const response = await fetch(`${server.url}/api/products/${marked.id}`);
      return ((await response.json()) as { price: number }).price;
    };
    const startsAt = new Date(Date.now() + 2_000);
    const sale = await fetch(`${first.url}/api/admin/products/${marked.id}/sale`, {
      method: 'PUT',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ price: 60, startsAt: startsAt.toISOString() }),
    });
    expect(sale.status, await sale.text()).toBe(200);
    // Both now hold the regular price in their caches; only their clocks can change that.
    expect([await readPrice(first), await readPrice(second)]).toEqual([80, 80]);
    for (const server of [first, second]) {
      await expect.poll(() => readPrice(server), { timeout: 20_000, interval: 100 }).toBe(60);
    }
    expect(Date.now() - startsAt.getTime()).toBeLessThan(20_000);
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

/**
 * The same two processes in one test process, where the second one hears the database's
 * notifications late (50 ms, as a busy process may): what the fence guarantees, shown where the
 * race is certain. Without the fence the second app serves the ended session from its cache.
 */
describe('a process that hears the change feed late', () => {
  let postgres: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  const apps: App[] = [];
  const databases: Database[] = [];
  beforeAll(async () => {
    postgres = await emptyPostgresDatabase();
    for (let index = 0; index < 2; index += 1) {
      const database = await openDatabase({ url: postgres.url });
      const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATABASE_URL: postgres.url });
      const app = await buildApp({ config, database, logger: false, serveWebApp: false });
      await app.ready();
      databases.push(database);
      apps.push(app);
    }
    const late = apps[1]!.caches.feed as unknown as { hear(payload: string): void };
    const hear = late.hear.bind(late);
    late.hear = (payload) => void setTimeout(() => hear(payload), 50);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await postgres?.drop();
  });

  it('still refuses a logged-out session on its very next request, and shows a cart write at once', async () => {
    const [first, second] = apps as [App, App];
    const shopper = await createUser(databases[0]!.db);
    const product = await createProduct(databases[0]!.db);
    const cart = async () => (await second.inject({ url: '/api/cart', headers: bearer(shopper) })).json<unknown[]>();
    expect(await cart()).toEqual([]);
    const add = await first.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(shopper),
      payload: {
        productId: product.id,
        selectedColor: product.colors[0]!.id,
        selectedSize: product.sizes[0],
        quantity: 2,
      },
    });
    expect(add.statusCode).toBe(201);
    expect(await cart()).toHaveLength(1);

    expect((await first.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(shopper) })).statusCode).toBe(
      204,
    );
    expect((await second.inject({ url: '/api/profile', headers: bearer(shopper) })).statusCode).toBe(401);
  });
});
