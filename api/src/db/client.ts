import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { migrationsDir } from '../paths.js';
import * as schema from './schema.js';

/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for PostgreSQL: used for LISTEN/NOTIFY. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; without it (and without url) the database lives in memory. */
  dataDir?: string | undefined;
  /** Optional query logger (benchmarks count queries with it). */
  logger?: Logger;
}

// Timestamps and bigints are parsed by drizzle's column mappers; keep pg from guessing.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10, idleTimeoutMillis: 30_000 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Requests see their own errors.
    });
    const db = drizzlePg(pool, { schema, logger: options.logger }) as unknown as Db;
    await migratePostgres(pool);
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let client: PGlite;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(join(options.dataDir, 'db'));
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema, logger: options.logger });
  await migratePglite(pgliteDb, { migrationsFolder: migrationsDir });
  return { db: pgliteDb as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Several processes may start at once on one PostgreSQL: migrate under an advisory lock. */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock(727274)');
    }
  } finally {
    client.release();
  }
}
