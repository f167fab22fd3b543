// @module-tag engine: on PostgreSQL a prepared statement is kept by its connection.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDbKind } from '../test/database.js';
import { useTestApp } from '../test/harness.js';
import { runPrepared } from './prepared.js';
import { queryRows } from './rows.js';

const t = useTestApp();

const twice = ($: { readonly n: unknown }) => sql`select ${$.n}::int * 2 as doubled`;

describe('a statement run by runPrepared', () => {
  it('answers for the values of each call', async () => {
    const answers = await t.db.transaction(async (tx) => [
      (await runPrepared(tx, 'prepared_test_twice', twice, { n: 2 })).rows,
      (await runPrepared(tx, 'prepared_test_twice', twice, { n: 21 })).rows,
    ]);
    expect(answers).toEqual([[{ doubled: 4 }], [{ doubled: 42 }]]);
  });

  it.runIf(testDbKind === 'postgres')(
    'is prepared once on its connection, under its name: parsed there once, not at every call',
    async () => {
      const kept = await t.db.transaction(async (tx) => {
        for (const n of [1, 2, 3]) await runPrepared(tx, 'prepared_test_twice', twice, { n });
        return queryRows(
          tx,
          z.object({ name: z.string(), statement: z.string() }),
          sql`select name, statement from pg_prepared_statements where name = 'prepared_test_twice'`,
        );
      });
      expect(kept).toEqual([{ name: 'prepared_test_twice', statement: 'select $1::int * 2 as doubled' }]);
    },
  );
});
