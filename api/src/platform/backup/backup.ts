import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import {
  addOutbox,
  appVersion,
  databaseMigrationLevel,
  writeArchive,
  PGDUMP_ENTRY,
  readChunks,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type Manifest,
} from './archive.js';
import { addPgliteData, type PauseTimes } from './pglite.js';
import { dumpDatabase } from './postgres.js';
import { open } from 'node:fs/promises';

/** Where the database to copy is: PGlite open in this process (its folder) or a PostgreSQL URL. */
export type BackupSource = { kind: 'pglite'; pg: PGlite; pgdata: string } | { kind: 'postgres'; url: string };

export interface BackupResult {
  file: string;
  bytes: number;
  createdAt: string;
  durationMs: number;
  manifest: Manifest;
  /** PGlite only: how long each statement that held the one connection took. */
  pauses?: PauseTimes;
}

/** Writes one backup of `source` and the outbox of `dataDir` to `file`. */
export async function takeBackup(source: BackupSource, dataDir: string, file: string): Promise<BackupResult> {
  const started = performance.now();
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const createdAt = new Date().toISOString();
  if (source.kind === 'pglite') {
    const query = (text: string) => source.pg.query<Record<string, unknown>>(text);
    const manifest = await baseManifest('pglite', 'pglite-base-backup', createdAt, query);
    let pauses: PauseTimes | undefined;
    const bytes = await writeArchive(file, manifest, async (tar) => {
      pauses = await addPgliteData(source.pg, source.pgdata, tar);
      await addOutbox(tar, dataDir);
    });
    return { file, bytes, createdAt, durationMs: performance.now() - started, manifest, pauses };
  }

  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  let manifest: Manifest;
  try {
    manifest = await baseManifest('postgres', 'pg_dump', createdAt, (text) => client.query(text));
  } finally {
    await client.end();
  }
  const work = await mkdtemp(join(tmpdir(), 'shop-backup-'));
  try {
    const dump = join(work, PGDUMP_ENTRY);
    await dumpDatabase(source.url, dump);
    const bytes = await writeArchive(file, manifest, async (tar) => {
      const handle = await open(dump, 'r');
      try {
        const { size } = await handle.stat();
        await tar.file(PGDUMP_ENTRY, size, readChunks(handle, size));
      } finally {
        await handle.close();
      }
      await addOutbox(tar, dataDir);
    });
    return { file, bytes, createdAt, durationMs: performance.now() - started, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function baseManifest(
  kind: Manifest['kind'],
  method: Manifest['method'],
  createdAt: string,
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<Manifest> {
  const [version] = (await query('select version() as version')).rows;
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    kind,
    method,
    createdAt,
    appVersion: appVersion(),
    migrations: await databaseMigrationLevel(query),
    serverVersion: typeof version?.version === 'string' ? version.version : 'unknown',
  };
}

/** `atelier-backup-2026-11-23T10-15-00Z.tar.gz`: sorts by time, and says what it is. */
export function backupFileName(at = new Date()): string {
  return `atelier-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}
export const BACKUP_FILE = /^atelier-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;
