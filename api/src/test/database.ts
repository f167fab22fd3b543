import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../db/client.js';
import { readBaseline, reset, type Baseline } from './pglite-reset.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite with every migration run (test/pglite-template.ts). */
    pgliteTemplate: string;
    /** The name of a PostgreSQL database with every migration run (test/postgres-template.ts). */
    postgresTemplate: string;
  }
}

/** The api suite runs once per database kind (see vitest.config.ts). */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh database built from the real migrations (or those of `migrationsFolder`, as an older
 * release left it): in memory (PGlite) or a new PostgreSQL database.
 */
export async function createTestDatabase({ migrationsFolder }: { migrationsFolder?: string } = {}): Promise<Database> {
  if (testDbKind === 'pglite') {
    // A database of older migrations starts empty.
    if (migrationsFolder) return openDatabase({ migrationsFolder });
    return openReusedPglite();
  }
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  // A copy of the pass's migrated template (test/postgres-template.ts); older migrations start empty.
  const template = migrationsFolder ? undefined : inject('postgresTemplate');
  await adminQuery(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), migrationsFolder });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * The worker's embedded databases that no file uses now, made again as the template is, and what
 * the template holds (kept across files: the shop's modules, this one among them, load afresh for
 * each file, setup.ts).
 */
const reuse = ((globalThis as { [key: symbol]: { idle: PGlite[]; baseline?: Baseline } })[
  Symbol.for('shop.test.pglite-reuse')
] ??= { idle: [] });

/** Files use one database at a time, some two (an app and a restart); more are not kept. */
const MAX_IDLE = 2;

/**
 * A copy of the pass's migrated template (test/pglite-template.ts): one a file of this worker
 * used before, emptied back to the template's rows when that file closed it (pglite-reset.ts), or
 * else a new one loaded from the template's dump. Loading a dump costs some 2 s of CPU (a new
 * WebAssembly PostgreSQL, its files unpacked one by one); emptying one, some 0.3 s (decision 0094).
 */
async function openReusedPglite(): Promise<Database> {
  const database =
    reuse.idle.length > 0
      ? await openDatabase({ pglite: reuse.idle.pop() })
      : await openDatabase({ template: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  const pglite = database.pglite!;
  const baseline = (reuse.baseline ??= await readBaseline(pglite));
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      // A database the file changed beyond its rows (its schema, an open transaction) is closed.
      const again = await reset(pglite, baseline).catch(() => false);
      if (again && reuse.idle.length < MAX_IDLE) reuse.idle.push(pglite);
      else await pglite.close().catch(() => undefined);
    },
  };
}

/** A statement on the test server's default database (create and drop databases). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
