import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { apiRoot, migrationsDir } from '../../paths.js';
import { entryBytes, readTar, TarWriter, type TarEntry } from './tar.js';

/**
 * One backup is one `.tar.gz` (docs/decisions/0017): `manifest.json` first, then the database
 * (`pgdata/…`, PGlite's data folder as an online base backup, or `database.pgdump`, pg_dump's
 * custom format), then the mail outbox (`outbox/…`).
 */
export const BACKUP_FORMAT = 'atelier-noir-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const PGDATA_PREFIX = 'pgdata/';
export const PGDUMP_ENTRY = 'database.pgdump';
export const OUTBOX_PREFIX = 'outbox/';

export interface MigrationLevel {
  /** Migrations applied to the database. */
  applied: number;
  /** The tag of the last one (`0003_sessions_expires_at`), or null before any. */
  latest: string | null;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  kind: 'pglite' | 'postgres';
  /** How the database was copied: `pglite-base-backup` (pg_backup_start/stop) or `pg_dump`. */
  method: 'pglite-base-backup' | 'pg_dump';
  createdAt: string;
  appVersion: string;
  migrations: MigrationLevel;
  /** PostgreSQL's own version string of the database copied. */
  serverVersion: string;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

let journalEntries: JournalEntry[] | undefined;

/** drizzle-kit's journal of the migrations shipped with this build (read once: readiness asks often). */
function journal(): JournalEntry[] {
  if (!journalEntries) {
    const text = readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8');
    journalEntries = (JSON.parse(text) as { entries: JournalEntry[] }).entries;
  }
  return journalEntries;
}

/** The migrations this build of the shop knows. */
export function appMigrationLevel(): MigrationLevel {
  const entries = journal();
  return { applied: entries.length, latest: entries.at(-1)?.tag ?? null };
}

/** Reads the level from drizzle's bookkeeping table (`created_at` is the journal's `when`). */
export async function databaseMigrationLevel(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<MigrationLevel> {
  const [exists] = (await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)).rows;
  if (!exists?.present) return { applied: 0, latest: null };
  const [row] = (
    await query(`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`)
  ).rows;
  const applied = Number(row?.applied ?? 0);
  const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
  const latest = last === null ? null : (journal().find((entry) => entry.when === last)?.tag ?? `unknown (${last})`);
  return { applied, latest };
}

export function appVersion(): string {
  try {
    const text = readFileSync(join(apiRoot, '../package.json'), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Writes a backup to `path` through a temporary file renamed at the end: a backup that fails
 * half-way leaves nothing that looks like a backup. Answers the archive's size in bytes.
 */
export async function writeArchive(
  path: string,
  manifest: Manifest,
  fill: (tar: TarWriter) => Promise<void>,
): Promise<number> {
  const partial = `${path}.partial-${randomBytes(4).toString('hex')}`;
  const tar = new TarWriter();
  // Level 6 (zlib's default) runs on libuv's thread pool: the event loop only moves bytes.
  const written = pipeline(tar.stream, createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
  written.catch(() => {}); // awaited below; an early failure must not be an unhandled rejection
  try {
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.file('manifest.json', text.length, [text]);
    await fill(tar);
    tar.finish();
    await written;
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
      const { size } = await handle.stat();
      await rename(partial, path);
      return size;
    } finally {
      await handle.close();
    }
  } catch (error) {
    tar.stream.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/** Adds every mail of `DATA_DIR/outbox` (the embedded mail transport's folder), if there is one. */
export async function addOutbox(tar: TarWriter, dataDir: string): Promise<number> {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return 0;
  }
  await tar.directory('outbox');
  for (const name of names.sort()) {
    const handle = await open(join(dir, name), 'r').catch(() => undefined);
    if (!handle) continue; // removed meanwhile
    try {
      const { size, mtime } = await handle.stat();
      await tar.file(`${OUTBOX_PREFIX}${name}`, size, readChunks(handle, size), mtime);
    } finally {
      await handle.close();
    }
  }
  return names.length;
}

/** Reads at most `size` bytes of an open file in 1 MiB chunks (fewer when it shrank meanwhile). */
export async function* readChunks(
  handle: Awaited<ReturnType<typeof open>>,
  size: number,
  chunkSize = 1 << 20,
): AsyncGenerator<Buffer> {
  for (let position = 0; position < size;) {
    const buffer = Buffer.allocUnsafe(Math.min(chunkSize, size - position));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

export class BackupFileError extends Error {}

/** Opens a backup: its manifest, then its other entries one by one. */
export async function openArchive(path: string): Promise<{ manifest: Manifest; entries: AsyncGenerator<TarEntry> }> {
  const source = createReadStream(path).pipe(createGunzip());
  const entries = readTar(source as AsyncIterable<Buffer>);
  let first: IteratorResult<TarEntry>;
  try {
    first = await entries.next();
  } catch (error) {
    source.destroy();
    throw new BackupFileError(`${path} is not a backup of this shop (${(error as Error).message})`);
  }
  if (first.done || first.value.name !== 'manifest.json') {
    source.destroy();
    throw new BackupFileError(`${path} is not a backup of this shop (no manifest.json first)`);
  }
  const manifest = JSON.parse((await entryBytes(first.value)).toString('utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    source.destroy();
    throw new BackupFileError(`${path} is not a backup this version of the shop can read`);
  }
  return { manifest, entries };
}
