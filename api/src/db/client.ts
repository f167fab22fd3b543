import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'drizzle-orm/logger';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { migrationsDir } from '../paths.js';
import { privateDir, tightenTree } from '../platform/security/private-files.js';
import { markTransactions } from './transaction-scope.js';

/**
 * One type for both drivers: services never know which database they run on. Without the schema:
 * nothing here uses drizzle's relational queries (`db.query.<table>`), and with the schema every
 * transaction built their builders for each of the tables again, about a tenth of a millisecond
 * of CPU per transaction (decision 0099).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /**
   * The outbox's and its effects' connection. On PostgreSQL a pool of its own beside the
   * requests' (EFFECT_CONNECTIONS), so that an effect never waits behind the requests' queue: at
   * 100 checkouts a second of one size, requests queued on its stock row held the pool, and order
   * mails waited 6 s (decision 0075). The embedded database has one connection: `db`.
   */
  background: Db;
  kind: 'pglite' | 'postgres';
  /** Set for PostgreSQL: used for LISTEN/NOTIFY. */
  pool?: pg.Pool;
  /** Set for PGlite: its one connection (online backups run on it, docs/decisions/0017). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite is used. */
  url?: string | undefined;
  /** PostgreSQL connections for requests (REQUEST_CONNECTIONS unless set). */
  poolSize?: number | undefined;
  /** PGlite data folder; without it (and without url) the database lives in memory. */
  dataDir?: string | undefined;
  /** Optional query logger (benchmarks count queries with it). */
  logger?: Logger;
  /** Another migrations folder (a test builds a database as an older release left it). */
  migrationsFolder?: string | undefined;
  /**
   * An in-memory PGlite starts as a copy of this dump (`dumpDataDir`) instead of an empty cluster:
   * the test suites' migrated template (api/src/test/pglite-template.ts), 1 s instead of 2.5 s.
   */
  template?: Blob | undefined;
  /** An open embedded database to use as it is (the test suites reuse one per worker, test/database.ts). */
  pglite?: PGlite | undefined;
  /**
   * Marks the code run inside each transaction, so that a call out of the process refuses to run
   * there (transaction-scope.ts). On by default (tests, development, the commands); a production
   * server turns it off: it needs the process's async hooks, which cost every promise and socket
   * something, about a twentieth of a cached answer's CPU time (decision 0053).
   */
  guardTransactions?: boolean;
}

/**
 * Each driver is imported only when it is used: an embedded shop never loads `pg`, a shop on
 * PostgreSQL never loads the WebAssembly PostgreSQL (start-up time and resident memory).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.logger, options.migrationsFolder ?? migrationsDir, options)
    : openPglite(options);
}

/**
 * Connections to PostgreSQL for requests (`DATABASE_POOL_SIZE`), and beside them for the outbox's
 * effects (`background`). Four for requests: one process sends every statement from one thread, and
 * on a 2-core host that also runs PostgreSQL, ten connections let ten transactions contend for the
 * cores, and a checkout's p99 at 100 a second was 152–158 ms where four gave 32–50 ms (decision 0103).
 * One for the effects, as the embedded database has: with three, the effects' statements ran
 * beside the requests' and slowed a checkout's p50 at 100 a second from 35 to 725 ms (decision 0075).
 */
const REQUEST_CONNECTIONS = 4;
const EFFECT_CONNECTIONS = 1;

async function openPostgres(
  url: string,
  logger: Logger | undefined,
  migrationsFolder: string,
  { guardTransactions = true, poolSize = REQUEST_CONNECTIONS }: DatabaseOptions,
): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Timestamps and bigints are parsed by drizzle's column mappers; keep pg from guessing.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pools = [poolSize, EFFECT_CONNECTIONS].map((max) => {
    const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Requests see their own errors.
    });
    return pool;
  }) as [pg.Pool, pg.Pool];
  const [pool, effectPool] = pools;
  const drizzleOn = (on: pg.Pool) => {
    const drizzled = drizzle(on, { logger });
    return guardTransactions ? markTransactions(drizzled) : drizzled;
  };
  const db = drizzleOn(pool);
  // Several processes may start at once on one PostgreSQL: migrate under an advisory lock.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)');
    }
  } finally {
    client.release();
  }
  return {
    db,
    background: drizzleOn(effectPool),
    kind: 'postgres',
    pool,
    close: async () => {
      await Promise.all(pools.map((each) => each.end()));
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client;
  let unlock = () => {};
  if (options.dataDir) {
    privateDir(options.dataDir);
    unlock = lockDataDir(options.dataDir);
    client = new PGlite(join(options.dataDir, 'db'));
  } else {
    client = options.pglite ?? new PGlite(options.template ? { loadDataDir: options.template } : undefined);
  }
  try {
    await client.waitReady;
    const pgliteDb = drizzle(client, { logger: options.logger });
    await migrate(pgliteDb, { migrationsFolder: options.migrationsFolder ?? migrationsDir });
    if (options.dataDir) tightenTree(join(options.dataDir, 'db'));
    const db = options.guardTransactions === false ? pgliteDb : markTransactions(pgliteDb);
    return {
      db,
      background: db,
      kind: 'pglite',
      pglite: client,
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** The embedded database's folder is open in another process (or already in this one). */
export class DatabaseInUseError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        `If no such process runs, delete ${join(dataDir, 'db.lock')}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Lock files this process holds: its own pid in a lock it does not hold is a stale lock. */
const heldLocks = new Set<string>();

/**
 * PGlite is one process's database and does not lock its files: a second process opening them
 * (a second shop on the same DATA_DIR, or an admin command while the shop runs) would corrupt
 * them. `DATA_DIR/db.lock` names the process that has them open; a lock whose process is gone
 * (killed, crashed) is taken over. Returns the release.
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'db.lock');
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      heldLocks.add(file);
      return () => {
        heldLocks.delete(file);
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = lockHolder(file);
    const held = holder === process.pid ? heldLocks.has(file) : holder !== null && isRunning(holder);
    if (held) throw new DatabaseInUseError(dataDir, holder!);
    rmSync(file, { force: true }); // stale: its process is gone
  }
}

/** The pid a lock file names; null when it names none (half-written by a process that died). */
function lockHolder(file: string): number | null {
  try {
    const { pid } = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
