import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAttempt } from '../../platform/backup/service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, type CreatedUser } from '../../test/factories.js';

const DAY = 24 * 3600_000;

describe('GET /api/admin/backups', () => {
  let t: TestApp;
  let admin: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.db, { role: 'ADMIN' });
  });
  afterAll(() => t.close());

  const overview = async () => {
    const response = await t.app.inject({ url: '/api/admin/backups', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const success = (at: Date, bytes: number) => ({
    file: `${t.config.backup.dir}/atelier-backup-x.tar.gz`,
    bytes,
    createdAt: at.toISOString(),
    durationMs: 1200,
    manifest: {} as never,
  });

  it('says there is no backup yet, and that this is stale', async () => {
    expect(await overview()).toEqual({
      automatic: false, // an in-memory test database: nothing on disk to copy
      intervalHours: 24,
      keep: 7,
      last: null,
      lastAttempt: null,
      stale: true,
    });
  });

  it("shows the last backup's time and size, fresh for two days", async () => {
    const at = new Date(Date.now() - DAY);
    await recordAttempt(t.config.backup.dir, success(at, 7_340_032));
    expect(await overview()).toMatchObject({
      last: { at: at.toISOString(), bytes: 7_340_032, file: 'atelier-backup-x.tar.gz' },
      lastAttempt: { at: at.toISOString(), status: 'ok', message: null },
      stale: false,
    });
    await recordAttempt(t.config.backup.dir, success(new Date(Date.now() - 2 * DAY - 60_000), 10));
    expect(await overview()).toMatchObject({ stale: true });
  });

  it('keeps the last good backup beside a failed attempt, with its message', async () => {
    const at = new Date(Date.now() - 3600_000);
    await recordAttempt(t.config.backup.dir, success(at, 5000));
    await recordAttempt(t.config.backup.dir, new Error('ENOSPC: no space left on device'));
    expect(await overview()).toMatchObject({
      last: { at: at.toISOString(), bytes: 5000 },
      lastAttempt: { status: 'failed', message: 'ENOSPC: no space left on device' },
      stale: false,
    });
  });

  it('is for admins only', async () => {
    const shopper = await createUser(t.db);
    expect((await t.app.inject({ url: '/api/admin/backups' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/backups', headers: bearer(shopper) })).statusCode).toBe(403);
  });
});
