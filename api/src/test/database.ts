import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';

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
    // The pass's migrated template (test/pglite-template.ts); a database of older migrations starts empty.
    const template = migrationsFolder ? undefined : inject('pgliteTemplate');
    return openDatabase({ migrationsFolder, template: template ? new Blob([readFileSync(template)]) : undefined });
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
