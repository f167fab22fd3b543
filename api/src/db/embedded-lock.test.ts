import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase } from './client.js';

// PGlite does not lock its folder; a second process on it would corrupt it (docs: README, admin:password).
describe('the embedded database folder is open in one process at a time', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second opening while the first holds it, and opens again once it is closed', async () => {
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseInUseError);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 60_000);

  it('refuses while another live process holds it, and takes over the lock of one that is gone', async () => {
    const lock = join(dataDir, 'db.lock');
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      writeFileSync(lock, JSON.stringify({ pid: sleeper.pid, host: 'elsewhere', since: new Date().toISOString() }));
      const refused = await openDatabase({ dataDir }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseInUseError);
      expect((refused as DatabaseInUseError).pid).toBe(sleeper.pid);
      expect((refused as Error).message).toContain(lock);
    } finally {
      sleeper.kill();
    }

    // A process that was killed leaves its lock behind: the next opening takes it over.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(lock, JSON.stringify({ pid: Number(gone), host: 'vm', since: new Date().toISOString() }));
    const database = await openDatabase({ dataDir });
    await database.close();
  }, 60_000);
});
