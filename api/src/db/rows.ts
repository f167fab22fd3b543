import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from './client.js';

/**
 * The rows of a raw statement, each checked and typed by `row`, a zod object of the statement's
 * columns: a statement the builder cannot say still has no row type written by hand. Both
 * drivers answer `{ rows }`; where they disagree (a timestamp as a Date or as text, a bigint as
 * a number or as text) the column types below settle it, here and nowhere else.
 */
export async function queryRows<S extends z.ZodType>(db: Db | Tx, row: S, statement: SQL): Promise<z.output<S>[]> {
  const result: unknown = await db.execute(statement);
  const { rows } = result as { rows: unknown[] };
  return rows.map((value) => row.parse(value));
}

/**
 * A `timestamptz` column: node-postgres and PGlite answer a Date or PostgreSQL's text
 * (`2026-01-02 03:04:05.678+00`), and a timestamp inside `json_agg` is ISO text; always a Date.
 */
export const dbTimestamp = z.union([z.date(), z.string()]).pipe(z.coerce.date());

/**
 * A whole number that PostgreSQL may send as a bigint (`count(*)`, `sum(…)` of integers, a
 * `bigint` column): a number, a BigInt or text depending on the driver; always a number.
 */
export const dbInt = z
  .union([z.number(), z.bigint(), z.string()])
  .pipe(z.coerce.number<string | number | bigint>().int());
