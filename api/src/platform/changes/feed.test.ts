// @module-tag engine: the change feed's fences (a NOTIFY round trip on PostgreSQL, none on PGlite).
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase, testDbKind } from '../../test/database.js';
import { createUser } from '../../test/factories.js';
import { ChangeFeed, type Change } from './feed.js';

let database: Database;
let feed: ChangeFeed;
const heard: Change[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const quiet = () => undefined;
  const log = { info: quiet, warn: quiet, error: quiet, debug: quiet } as unknown as FastifyBaseLogger;
  feed = new ChangeFeed(database, log);
  feed.subscribe((change) => heard.push(change));
  await feed.start();
});
afterAll(async () => {
  await feed.stop();
  await database.close();
});

describe('fences', () => {
  it('resolve while every pooled connection is busy, after the changes committed before them', async () => {
    if (testDbKind === 'pglite') {
      // Notifications arrive before the writing statement resolves: nothing is ever on its way.
      expect(feed.fence()).toBeNull();
      return;
    }
    const user = await createUser(database.db);
    const pool = database.pool!;
    // The pool's other connections held for 1.5 s, and more queries waiting for them: a burst of
    // reads (a thousand sessions read at once). The fence must not wait behind them (decision 0053).
    const busy = Array.from({ length: (pool.options.max ?? 10) + 5 }, () => pool.query('select pg_sleep(1.5)'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pool.waitingCount).toBeGreaterThan(0);
    // A change committed on a connection of its own, then the fence.
    const other = new pg.Client({ connectionString: pool.options.connectionString });
    await other.connect();
    heard.length = 0;
    await other.query('update users set name = $1 where id = $2', ['Fenced', user.id]);
    await other.end();
    const started = performance.now();
    await feed.fence();
    const waited = performance.now() - started;
    expect(heard).toContainEqual({ kind: 'account', userId: user.id });
    expect(waited).toBeLessThan(1000);
    expect(feed.live).toBe(true);
    await Promise.all(busy);
  });
});
