// @module-tag engine: a backup is PGlite's data folder or pg_dump's file.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { BACKUP_FILE } from './backup.js';
import { askShop } from './control.js';
import { BackupService, readStatus } from './service.js';

/**
 * The embedded shop's own backups (on PGlite in a DATA_DIR, whichever database the api pass
 * uses): on a schedule, the newest BACKUP_KEEP kept, each attempt recorded; and on request
 * through the control socket, as `npm run backup` asks while the shop runs.
 */
describe('automatic backups of the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-auto-backup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('takes one every interval, keeps the last BACKUP_KEEP, and answers on the control socket', async () => {
    // 0.0004 h: one backup every 1.44 s.
    const config = loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: '2', BACKUP_INTERVAL_HOURS: '0.0004' });
    const database = await openDatabase({ dataDir });
    const service = new BackupService({ config, database, log: Fastify().log, firstDelayMs: 0 });
    try {
      expect(await askShop(dataDir, { command: 'ping' })).toBeNull();
      await service.start();
      expect(await askShop(dataDir, { command: 'ping' })).toMatchObject({ ok: true, pid: process.pid });

      // The folder appears with the first backup.
      const names = () =>
        existsSync(config.backup.dir) ? readdirSync(config.backup.dir).filter((name) => BACKUP_FILE.test(name)) : [];
      const seen = new Set<string>();
      const deadline = Date.now() + 60_000;
      while (seen.size < 3 && Date.now() < deadline) {
        for (const name of names()) seen.add(name);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(seen.size).toBeGreaterThanOrEqual(3);
      expect(names().length).toBeLessThanOrEqual(2);
      const status = await readStatus(config.backup.dir);
      expect(status.lastAttempt?.ok).toBe(true);
      expect(status.lastSuccess?.bytes).toBeGreaterThan(100_000);
      expect(await service.overview()).toMatchObject({ automatic: true, stale: false, keep: 2 });
      // Each statement that held the one connection, measured.
      expect(service.last?.pauses?.startMs).toBeGreaterThan(0);

      // Asked from outside, to a file of the asker's choosing; a failure is answered and recorded.
      const out = join(dataDir, 'asked.tar.gz');
      expect(await askShop(dataDir, { command: 'backup', out })).toMatchObject({ ok: true, file: out });
      expect(existsSync(out)).toBe(true);
      const failed = await askShop(dataDir, { command: 'backup', out: join(out, 'inside-a-file.tar.gz') });
      expect(failed).toMatchObject({ ok: false });
      expect((await readStatus(config.backup.dir)).lastAttempt).toMatchObject({ ok: false });
      expect(await service.overview()).toMatchObject({ lastAttempt: { status: 'failed' }, stale: false });
    } finally {
      await service.stop();
      await database.close();
    }
    expect(await askShop(dataDir, { command: 'ping' })).toBeNull();
  }, 90_000);
});
