// @module-tag engine: each driver (PGlite's, node-postgres's) gives rows its own types.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../test/database.js';
import type { Database } from './client.js';
import { dbInt, dbTimestamp, queryRows } from './rows.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('queryRows', () => {
  it('gives each row as its schema says, whichever driver answers', async () => {
    const rows = await queryRows(
      database.db,
      z.object({ at: dbTimestamp, in_json: dbTimestamp, big: dbInt, counted: dbInt, label: z.string() }),
      sql`select timestamptz '2026-01-02 03:04:05.678+00' as at,
        json_build_object('at', timestamptz '2026-01-02 03:04:05.678+00') ->> 'at' as in_json,
        9007199254740991::bigint as big, count(*) as counted, 'x' as label
      from generate_series(1, 3)`,
    );
    const at = new Date('2026-01-02T03:04:05.678Z');
    expect(rows).toEqual([{ at, in_json: at, big: Number.MAX_SAFE_INTEGER, counted: 3, label: 'x' }]);
  });

  it('refuses a row its schema does not describe', async () => {
    await expect(
      queryRows(database.db, z.object({ n: z.number() }), sql`select 'not a number' as n`),
    ).rejects.toBeInstanceOf(z.ZodError);
  });
});

describe('column types', () => {
  it('dbTimestamp takes a Date or PostgreSQL and ISO text, and refuses what is no time', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    expect(dbTimestamp.parse(at)).toEqual(at);
    expect(dbTimestamp.parse('2026-01-02 03:04:05.678123+00')).toEqual(at);
    expect(dbTimestamp.parse('2026-01-02T05:04:05.678+02:00')).toEqual(at);
    expect(dbTimestamp.safeParse('soon').success).toBe(false);
    expect(dbTimestamp.safeParse(null).success).toBe(false);
  });

  it('dbInt takes a number, a BigInt or text, and refuses fractions and words', () => {
    expect(dbInt.parse(7)).toBe(7);
    expect(dbInt.parse(7n)).toBe(7);
    expect(dbInt.parse('7')).toBe(7);
    expect(dbInt.safeParse('7.5').success).toBe(false);
    expect(dbInt.safeParse('seven').success).toBe(false);
    expect(dbInt.safeParse(null).success).toBe(false);
  });
});
