// @module-tag engine: only PostgreSQL has a pool of connections.
import { describe, expect, it } from 'vitest';
import { testDbKind } from '../test/database.js';
import { useTestApp } from '../test/harness.js';
import { openDatabase } from './client.js';

const t = useTestApp();

describe.runIf(testDbKind === 'postgres')('the requests’ pool of PostgreSQL connections', () => {
  it('holds 4 connections unless DATABASE_POOL_SIZE says otherwise (decision 0103)', async () => {
    expect(t.database.pool!.options.max).toBe(4);
  });

  it('queues the statements past its size until a connection is free', async () => {
    const database = await openDatabase({ url: t.database.pool!.options.connectionString!, poolSize: 2 });
    try {
      const pool = database.pool!;
      expect(pool.options.max).toBe(2);
      const sleeps = [1, 2, 3].map(() => pool.query('select pg_sleep(0.2)'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([pool.totalCount, pool.waitingCount]).toEqual([2, 1]);
      await Promise.all(sleeps);
    } finally {
      await database.close();
    }
  });
});
