import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  appMigrationLevel,
  BackupFileError,
  openArchive,
  OUTBOX_PREFIX,
  PGDATA_PREFIX,
  PGDUMP_ENTRY,
  type Manifest,
} from './archive.js';
import { restoreDump } from './postgres.js';

/** Where to restore: an embedded data folder, or a PostgreSQL database. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; dataDir: string };

export class RestoreRefused extends Error {}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the database that was there went (PGlite with --force), if anywhere. */
  setAside?: string;
  mails: number;
}

async function isEmptyFolder(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch {
    return true;
  }
}

/** A path inside `root` for an archive entry's name, never outside it (`..`, absolute names). */
function inside(root: string, name: string): string {
  const relative = normalize(name);
  if (relative.startsWith('..') || relative.startsWith('/') || relative.includes('\0'))
    throw new BackupFileError(`the backup holds an unsafe path: ${name}`);
  return join(root, relative);
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

async function emptyPostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into an empty target, or with `force` over a non-empty one (PGlite: the
 * old data folder is kept beside, renamed; PostgreSQL: its tables are dropped). The shop then
 * starts on it and runs the migrations the backup is behind.
 */
export async function restoreBackup(file: string, target: RestoreTarget, force: boolean): Promise<RestoreResult> {
  const { manifest, entries } = await openArchive(file);
  if (manifest.kind !== target.kind) {
    await entries.return(undefined);
    throw new RestoreRefused(
      manifest.kind === 'pglite'
        ? 'This is a backup of the embedded database: restore it with DATABASE_URL unset (into a DATA_DIR).'
        : 'This is a backup of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
    );
  }
  const known = appMigrationLevel();
  if (manifest.migrations.applied > known.applied) {
    await entries.return(undefined);
    throw new RestoreRefused(
      `This backup was taken by a newer version of the shop (migration ${manifest.migrations.latest}); ` +
        `restore it with that version or a later one.`,
    );
  }

  const pgdata = join(target.dataDir, 'db');
  const outbox = join(target.dataDir, 'outbox');
  let setAside: string | undefined;
  if (target.kind === 'pglite') {
    if (!(await isEmptyFolder(pgdata))) {
      if (!force) {
        await entries.return(undefined);
        throw new RestoreRefused(`${pgdata} holds a database already: restore into an empty DATA_DIR, or add --force.`);
      }
      setAside = `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(pgdata, setAside);
    }
  } else if (!(await postgresIsEmpty(target.url))) {
    if (!force) {
      await entries.return(undefined);
      throw new RestoreRefused('The PostgreSQL database is not empty: restore into an empty database, or add --force.');
    }
    await emptyPostgres(target.url);
  }

  const work = await mkdtemp(join(tmpdir(), 'shop-restore-'));
  let mails = 0;
  try {
    for await (const entry of entries) {
      let path: string | undefined;
      if (entry.name.startsWith(PGDATA_PREFIX) && target.kind === 'pglite')
        path = inside(pgdata, entry.name.slice(PGDATA_PREFIX.length));
      else if (entry.name === 'pgdata') path = pgdata;
      else if (entry.name.startsWith(OUTBOX_PREFIX) || entry.name === 'outbox')
        path = entry.name === 'outbox' ? outbox : inside(outbox, entry.name.slice(OUTBOX_PREFIX.length));
      else if (entry.name === PGDUMP_ENTRY && target.kind === 'postgres') path = join(work, PGDUMP_ENTRY);
      if (!path) continue;
      if (entry.type === 'directory') {
        await mkdir(path, { recursive: true, mode: 0o700 });
        continue;
      }
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await pipeline(Readable.from(entry.chunks()), createWriteStream(path, { mode: 0o600, flags: 'wx' }));
      if (entry.name.startsWith(OUTBOX_PREFIX)) mails += 1;
    }
    if (target.kind === 'postgres') await restoreDump(target.url, join(work, PGDUMP_ENTRY));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return { manifest, setAside, mails };
}
