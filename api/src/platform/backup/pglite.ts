import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGDATA_PREFIX, readChunks } from './archive.js';
import type { TarWriter } from './tar.js';

/**
 * PGlite's data folder as PostgreSQL's own online base backup (docs/decisions/0017): between
 * `pg_backup_start()` and `pg_backup_stop()` the files are copied while the shop goes on
 * reading and writing; recovery replays the WAL of that time on the first start of the
 * restored copy and ends at the consistent point `pg_backup_stop()` wrote. The one connection
 * is held only for the three short statements, never for the copy (PGlite's `dumpDataDir()`
 * holds it for the whole copy: 120–340 ms with the demo catalogue, growing with the data).
 */

/** What `pg_basebackup` leaves out too: these folders' contents are rebuilt or useless on start. */
const SKIP_CONTENTS = new Set([
  'pg_wal',
  'pg_stat_tmp',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'pg_internal.init']);
const CONTROL_FILE = 'global/pg_control';
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
const WAL_PAGE = 8192;

export interface PauseTimes {
  /** Each statement that held the database's one connection, in ms: checkpoint, start, stop. */
  checkpointMs: number;
  startMs: number;
  stopMs: number;
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

/** Adds `pgdata/…` to the archive: a consistent copy of the folder PGlite `pg` has open at `pgdata`. */
export async function addPgliteData(pg: PGlite, pgdata: string, tar: TarWriter): Promise<PauseTimes> {
  // A checkpoint of its own first: the one inside pg_backup_start() then has little left to write,
  // so the connection is held twice briefly instead of once for both.
  const [, checkpointMs] = await timed(() => pg.query('checkpoint'));
  const [, startMs] = await timed(() => pg.query(`select pg_backup_start('atelier-noir', true)`));
  let stop: { labelfile: string; spcmapfile: string; stopfile: string; offset: number };
  let stopMs: number;
  try {
    await copyFolder(pgdata, '', tar);
    await copyFile(pgdata, CONTROL_FILE, tar);
  } finally {
    const [result, ms] = await timed(() =>
      pg.query<typeof stop>(
        `select labelfile, spcmapfile, pg_walfile_name(lsn) as stopfile,
                (pg_walfile_name_offset(lsn)).file_offset as offset
           from pg_backup_stop(false)`,
      ),
    );
    stop = result.rows[0]!;
    stopMs = ms;
  }
  const label = Buffer.from(stop.labelfile);
  await tar.file(`${PGDATA_PREFIX}backup_label`, label.length, [label]);
  if (stop.spcmapfile) {
    const map = Buffer.from(stop.spcmapfile);
    await tar.file(`${PGDATA_PREFIX}tablespace_map`, map.length, [map]);
  }
  await addWal(pgdata, stop.labelfile, stop.stopfile, Number(stop.offset), tar);
  return { checkpointMs, startMs, stopMs };
}

async function copyFolder(root: string, relative: string, tar: TarWriter): Promise<void> {
  const entries = await readdir(join(root, relative), { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      await tar.directory(`${PGDATA_PREFIX}${path}`);
      if (!SKIP_CONTENTS.has(path)) await copyFolder(root, path, tar);
    } else if (entry.isFile() && !SKIP_FILES.has(entry.name) && !entry.name.startsWith('pgsql_tmp')) {
      if (path !== CONTROL_FILE) await copyFile(root, path, tar);
    }
  }
}

/**
 * One file as it is now. It may change while it is read (the shop keeps writing): torn pages
 * are overwritten on recovery by the full-page images the WAL holds since pg_backup_start().
 */
async function copyFile(root: string, path: string, tar: TarWriter, keepBytes?: number): Promise<void> {
  const handle = await open(join(root, path), 'r').catch(() => undefined);
  if (!handle) return; // dropped meanwhile: recovery knows
  try {
    const { size, mtime } = await handle.stat();
    await tar.file(`${PGDATA_PREFIX}${path}`, size, readChunks(handle, Math.min(size, keepBytes ?? size)), mtime);
  } finally {
    await handle.close();
  }
}

/**
 * The WAL from the backup's start to its end, which recovery needs. Past the end of the last
 * record the segment is zeros (a recycled segment holds old WAL there, which compresses badly).
 */
async function addWal(pgdata: string, labelfile: string, stopFile: string, stopOffset: number, tar: TarWriter) {
  const startFile = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
  if (!startFile) throw new Error('pg_backup_stop() answered a backup label without its start segment');
  const segments = (await readdir(join(pgdata, 'pg_wal')))
    .filter((name) => WAL_SEGMENT.test(name) && name >= startFile && name <= stopFile)
    .sort();
  if (segments[0] !== startFile || segments.at(-1) !== stopFile)
    throw new Error(`the WAL from ${startFile} to ${stopFile} is no longer complete (a checkpoint removed some)`);
  await tar.directory(`${PGDATA_PREFIX}pg_wal/archive_status`);
  await tar.directory(`${PGDATA_PREFIX}pg_wal/summaries`);
  for (const name of segments) {
    const keep = name === stopFile ? Math.ceil((stopOffset + 1) / WAL_PAGE) * WAL_PAGE : undefined;
    await copyFile(pgdata, `pg_wal/${name}`, tar, keep);
  }
}
