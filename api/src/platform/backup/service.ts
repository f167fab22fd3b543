import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:net';
import { basename, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { BACKUP_FILE, backupFileName, takeBackup, type BackupResult, type BackupSource } from './backup.js';
import { serveControl, type ControlAnswer, type ControlRequest } from './control.js';

/** A backup older than this is stale: the admin dashboard warns. */
export const STALE_AFTER_MS = 2 * 24 * 3600_000;
/** After a failed automatic backup, the next try comes this soon (or at the interval, if shorter). */
const RETRY_MS = 3600_000;
/** The first automatic backup of a process waits this long (or the interval, if shorter): start-up stays quick. */
const FIRST_DELAY_MS = 60_000;
const STATUS_FILE = 'last-backup.json';

export interface BackupStatus {
  lastAttempt?: { at: string; ok: boolean; error?: string };
  lastSuccess?: { at: string; file: string; bytes: number; durationMs: number };
}

export async function readStatus(dir: string): Promise<BackupStatus> {
  try {
    return JSON.parse(await readFile(join(dir, STATUS_FILE), 'utf8')) as BackupStatus;
  } catch {
    return {};
  }
}

/** Records one attempt in `BACKUP_DIR/last-backup.json` (written whole, then renamed into place). */
export async function recordAttempt(dir: string, outcome: BackupResult | Error): Promise<BackupStatus> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const previous = await readStatus(dir);
  const status: BackupStatus =
    outcome instanceof Error
      ? { ...previous, lastAttempt: { at: new Date().toISOString(), ok: false, error: outcome.message } }
      : {
          lastAttempt: { at: outcome.createdAt, ok: true },
          lastSuccess: {
            at: outcome.createdAt,
            file: outcome.file,
            bytes: outcome.bytes,
            durationMs: Math.round(outcome.durationMs),
          },
        };
  const temporary = join(dir, `.${STATUS_FILE}.${process.pid}`);
  await writeFile(temporary, `${JSON.stringify(status, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, join(dir, STATUS_FILE));
  return status;
}

/** Deletes all but the newest `keep` backups the shop named itself in `dir`. */
export async function rotate(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => BACKUP_FILE.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  await Promise.all(old.map((name) => rm(join(dir, name), { force: true })));
  return old;
}

export interface BackupOverview {
  automatic: boolean;
  intervalHours: number;
  keep: number;
  last: { at: string; bytes: number; file: string } | null;
  lastAttempt: { at: string; status: 'ok' | 'failed'; message: string | null } | null;
  stale: boolean;
}

export function overview(config: Config, automatic: boolean, status: BackupStatus, now = Date.now()): BackupOverview {
  const { lastAttempt, lastSuccess } = status;
  return {
    automatic,
    intervalHours: config.backup.intervalHours,
    keep: config.backup.keep,
    last: lastSuccess ? { at: lastSuccess.at, bytes: lastSuccess.bytes, file: basename(lastSuccess.file) } : null,
    lastAttempt: lastAttempt
      ? { at: lastAttempt.at, status: lastAttempt.ok ? 'ok' : 'failed', message: lastAttempt.error ?? null }
      : null,
    stale: !lastSuccess || now - Date.parse(lastSuccess.at) > STALE_AFTER_MS,
  };
}

export interface BackupServiceOptions {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Tests shorten the wait before a process's first automatic backup. */
  firstDelayMs?: number;
}

/**
 * Backups taken by the shop process itself: the automatic ones of the embedded database, and
 * those `npm run backup` asks for through the control socket while the shop runs (PGlite has
 * one connection, held by this process). One at a time.
 */
export class BackupService {
  /** Backups run one after another: each waits for the one before it. */
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private control: Server | null = null;
  private stopped = false;
  /** The last backup's pauses of the database (PGlite), for the metrics. */
  last: BackupResult | undefined;

  constructor(private readonly options: BackupServiceOptions) {}

  private get config() {
    return this.options.config;
  }

  /** The embedded database on disk: the only kind this process can copy consistently on its own. */
  private source(): BackupSource | undefined {
    const { database, config } = this.options;
    if (database.kind === 'pglite' && database.pglite?.dataDir)
      return { kind: 'pglite', pg: database.pglite, pgdata: database.pglite.dataDir };
    if (database.kind === 'postgres' && config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl };
    return undefined;
  }

  get automatic(): boolean {
    return this.options.database.kind === 'pglite' && !!this.source() && this.config.backup.intervalHours > 0;
  }

  async overview(now = Date.now()): Promise<BackupOverview> {
    return overview(this.config, this.automatic, await readStatus(this.config.backup.dir), now);
  }

  /** Takes a backup now (after the one running, if any): to `out`, or into the backup folder with rotation. */
  async run(out?: string): Promise<BackupResult> {
    const source = this.source();
    if (!source) throw new Error('this process has no database on disk to back up');
    const { dir, keep } = this.config.backup;
    const task = this.queue.then(async () => {
      try {
        const result = await takeBackup(source, this.config.dataDir, out ?? join(dir, backupFileName()));
        await recordAttempt(dir, result);
        if (!out) await rotate(dir, keep);
        this.last = result;
        this.options.log.info(
          { file: result.file, bytes: result.bytes, durationMs: Math.round(result.durationMs), pauses: result.pauses },
          'backup written',
        );
        return result;
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        await recordAttempt(dir, failure).catch(() => {});
        this.options.log.error({ err: failure }, 'backup failed');
        throw failure;
      }
    });
    this.queue = task.catch(() => {});
    return task;
  }

  /** Opens the control socket (embedded database) and schedules the automatic backups. */
  async start(): Promise<void> {
    if (this.options.database.kind !== 'pglite' || !this.source()) return;
    this.control = await serveControl(this.config.dataDir, (request) => this.answer(request));
    if (!this.control)
      this.options.log.error(`another running shop answers on ${this.config.dataDir}: no control socket here`);
    if (this.automatic) await this.schedule();
  }

  private async answer(request: ControlRequest): Promise<ControlAnswer> {
    if (request.command === 'ping') return { ok: true, pid: process.pid };
    if (request.command !== 'backup') return { ok: false, error: 'unknown command' };
    const result = await this.run(request.out);
    return { ok: true, file: result.file, bytes: result.bytes, createdAt: result.createdAt, pauses: result.pauses };
  }

  private async schedule(): Promise<void> {
    const intervalMs = this.config.backup.intervalHours * 3600_000;
    const retryMs = Math.min(intervalMs, RETRY_MS);
    const { lastAttempt, lastSuccess } = await readStatus(this.config.backup.dir);
    const now = Date.now();
    let due = lastSuccess ? Date.parse(lastSuccess.at) + intervalMs : 0;
    if (lastAttempt && !lastAttempt.ok) due = Math.max(due, Date.parse(lastAttempt.at) + retryMs);
    due = Math.max(due, now + Math.min(this.options.firstDelayMs ?? FIRST_DELAY_MS, intervalMs));
    const next = (delay: number) => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.run().then(
          () => next(intervalMs),
          () => next(retryMs),
        );
      }, delay);
      this.timer.unref();
    };
    next(due - now);
  }

  /** Stops the schedule and the socket; waits for a backup under way to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.control) await new Promise((resolve) => this.control!.close(resolve));
    await this.queue;
  }
}
