import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { appMigrationLevel } from '../../platform/backup/archive.js';

/** The advisory lock db/client.ts migrates under (PostgreSQL). */
const MIGRATION_LOCK = 727274;
/** A database slower than this to answer `select 1` is as good as unreachable for a load balancer. */
const TIMEOUT_MS = 2000;

export type Readiness = { ready: true } | { ready: false; reason: 'database' | 'migrating' | 'draining' };

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const MigrationStateSchema = z.object({ applied: z.number(), migrating: z.boolean() });

/**
 * Ready to take traffic: not draining, the database answers, and it holds every migration this
 * build knows, none running (another process starting on the same database migrates under an
 * advisory lock; until it is done this build's queries may not fit the schema). Advisory locks
 * are listed for the whole server: only this database's count.
 */
export async function readiness(database: Database, draining: boolean): Promise<Readiness> {
  if (draining) return { ready: false, reason: 'draining' };
  let state: z.infer<typeof MigrationStateSchema> | undefined;
  try {
    [state] = await withTimeout(
      queryRows(
        database.db,
        MigrationStateSchema,
        sql`select
          (select count(*)::int from drizzle.__drizzle_migrations) as applied,
          exists (select 1 from pg_locks where locktype = 'advisory'
                    and database = (select oid from pg_database where datname = current_database())
                    and classid = 0
                    and objid = ${MIGRATION_LOCK} and objsubid = 1 and granted) as migrating`,
      ),
    );
  } catch {
    return { ready: false, reason: 'database' };
  }
  if (!state || state.migrating || state.applied < appMigrationLevel().applied)
    return { ready: false, reason: 'migrating' };
  return { ready: true };
}
