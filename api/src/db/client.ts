import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'drizzle-orm/logger';
import type pg from 'pg';
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

/**
 * Each driver is imported only when it is used: an embedded shop never loads `pg`, a shop on
 * PostgreSQL never loads the WebAssembly PostgreSQL (start-up time and resident memory).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.logger) : openPglite(options);
}

async function openPostgres(url: string, logger: Logger | undefined): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Timestamps and bigints are parsed by drizzle's column mappers; keep pg from guessing.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Requests see their own errors.
  });
  const db = drizzle(pool, { schema, logger }) as unknown as Db;
  // Several processes may start at once on one PostgreSQL: migrate under an advisory lock.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock(727274)');
    }
  } finally {
    client.release();
  }
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(join(options.dataDir, 'db'));
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const pgliteDb = drizzle(client, { schema, logger: options.logger });
  await migrate(pgliteDb, { migrationsFolder: migrationsDir });
  return { db: pgliteDb as unknown as Db, kind: 'pglite', close: () => client.close() };
}
