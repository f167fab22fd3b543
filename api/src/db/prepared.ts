import { getTableColumns, sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, QueryBuilder, type PgColumn, type PgTable, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from './client.js';

/**
 * Statements a request runs every time, built once (decision 0085). Drizzle builds a statement's
 * text from its parts on every call (a select of a wide table walks every column); at 100
 * checkouts a second that building took about a tenth of the server's CPU. Here the text and its
 * parameters' places are kept under a name, and each call only fills the values in. On PostgreSQL
 * the statement is prepared under that name on each connection, once: parsed there once, and planned
 * once the server finds its generic plan as good (planning took as long as running a checkout's
 * statements: decision 0102). A name stands for one text.
 */

const dialect = new PgDialect();
const built = new Map<string, Query>();

/** `$name` in a statement: the value of `name` each call gives. */
type Slots<V> = { readonly [K in keyof V]: Placeholder<K & string> };
const slots = new Proxy({}, { get: (_, key) => sql.placeholder(String(key)) });

/**
 * Runs the statement `build` writes (its values as `$.name`, filled from `values`), built the
 * first time `name` is asked for. `name` must say every choice `build` makes (a variant's flags).
 */
export async function runPrepared<V extends Record<string, unknown>>(
  db: Db | Tx,
  name: string,
  build: ($: Slots<V>) => SQL,
  values: V,
): Promise<{ rows: unknown[] }> {
  let query = built.get(name);
  if (!query) {
    query = dialect.sqlToQuery(build(slots as Slots<V>));
    built.set(name, query);
  }
  const result: unknown = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
  return result as { rows: unknown[] };
}

/**
 * Every column of `table`'s rows that `where` keeps (a condition without values), typed and mapped
 * as `db.select().from(table)` answers them, with the statement built once.
 */
export function preparedSelectAll<T extends PgTable>(table: T, where: SQL) {
  let query: Query | undefined;
  const source: PgTable = table;
  const fields = Object.entries(getTableColumns(table)).map(([key, field]) => ({
    path: [key],
    field,
  })) as SelectedFieldsOrdered;
  return async (db: Db | Tx): Promise<T['$inferSelect'][]> => {
    query ??= new QueryBuilder().select().from(source).where(where).toSQL();
    const rows: unknown = await db._.session.prepareQuery(query, fields, undefined, true).execute();
    return rows as T['$inferSelect'][];
  };
}

/**
 * The rows of a select the builder writes (`build`, its values as `sql.placeholder(name)`), built
 * the first time, typed and mapped as the builder answers them. `fields` is the flat map of
 * columns it selects (as `select(fields)` takes them).
 */
export function preparedSelect<Q extends { toSQL(): Query; _: { result: unknown } }>(
  fields: Record<string, PgColumn>,
  build: () => Q,
) {
  let query: Query | undefined;
  const list = Object.entries(fields).map(([key, field]) => ({ path: [key], field })) as SelectedFieldsOrdered;
  return async (db: Db | Tx, values: Record<string, unknown>): Promise<Q['_']['result']> => {
    query ??= build().toSQL();
    return db._.session.prepareQuery(query, list, undefined, true).execute(values);
  };
}

/** The rows of a statement run by `runPrepared`, each checked and typed by `row` (as `queryRows`). */
export async function preparedRows<S extends z.ZodType, V extends Record<string, unknown>>(
  db: Db | Tx,
  row: S,
  name: string,
  build: ($: Slots<V>) => SQL,
  values: V,
): Promise<z.output<S>[]> {
  const { rows } = await runPrepared(db, name, build, values);
  return rows.map((value) => row.parse(value));
}
