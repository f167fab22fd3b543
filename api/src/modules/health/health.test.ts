import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { dbInt, queryRows } from '../../db/rows.js';
import { testDatabaseUrl, testDbKind } from '../../test/database.js';
import { createTestApp, type TestApp } from '../../test/app.js';

describe('GET /api/health and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ready = () => t.app.inject({ url: '/api/health/ready' });

  it('answers live and ready on a migrated database', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', db: 'ok' });
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while a process holds the migration lock', { tags: ['engine'] }, async () => {
    // The lock db/client.ts migrates under, held by "another process" (a connection of its own).
    const client = await t.database.pool?.connect();
    const run = (text: string) => (client ? client.query(text) : t.db.execute(sql.raw(text)));
    await run('select pg_advisory_lock(727274)');
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not ready', reason: 'migrating' });
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200); // still alive
    } finally {
      await run('select pg_advisory_unlock(727274)');
      client?.release();
    }
    expect((await ready()).statusCode).toBe(200);
  });

  // PGlite: one database per process, so no other database to migrate.
  it.runIf(testDbKind === 'postgres')(
    "stays ready while another database on the same server migrates (PostgreSQL's locks are server-wide)",
    { tags: ['engine'] },
    async () => {
      const other = new pg.Client({ connectionString: testDatabaseUrl });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock(727274)');
        expect((await ready()).statusCode).toBe(200);
      } finally {
        await other.end();
      }
    },
  );

  it('is not ready when the database lacks a migration this build has', async () => {
    const [last] = await queryRows(
      t.db,
      z.object({ hash: z.string(), created_at: dbInt }),
      sql`delete from drizzle.__drizzle_migrations
        where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    try {
      expect((await ready()).json()).toEqual({ status: 'not ready', reason: 'migrating' });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('is not ready while the process drains (SIGTERM)', async () => {
    t.app.draining = true;
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not ready', reason: 'draining' });
    } finally {
      t.app.draining = false;
    }
  });
});
