import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createTestDatabase } from '../../test/database.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, type CreatedUser } from '../../test/factories.js';

let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'ADMIN' });
});
afterAll(() => t.close());

const exportCsv = (query: string) =>
  t.app.inject({ url: `/api/admin/orders/export.csv?${query}`, headers: bearer(admin) });

describe('GET /api/admin/orders/export.csv: the day range', () => {
  it('refuses days the database cannot read with 400 before the file starts', async () => {
    for (const [query, field] of [
      ['from=0000-01-01', 'from'],
      ['to=1999-12-31', 'to'],
      ['from=0001-01-01&to=2026-01-01', 'from'],
    ] as const) {
      const refused = await exportCsv(query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { [field]: 'A day from 2000-01-01 to 9999-12-31, as YYYY-MM-DD.' },
      });
    }
  });

  it('refuses a range whose first day comes after its last', async () => {
    const refused = await exportCsv('from=2026-02-01&to=2026-01-31');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { to: 'The first day comes before the last.' } });
  });

  it('exports the widest range it allows, and a single day', async () => {
    for (const query of ['from=2000-01-01&to=9999-12-31', 'from=2026-01-31&to=2026-01-31']) {
      const csv = await exportCsv(query);
      expect(csv.statusCode, query).toBe(200);
      expect(csv.body).toMatch(/^order_id,reference,created_at,status,/);
    }
  });
});

describe('GET /api/admin/orders/export.csv: a file cut short', () => {
  it('is logged with its cause: the status and headers are gone by then', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-export-logs-'));
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dataDir, PUBLIC_URL: 'http://shop.test' }),
      database,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      serveWebApp: false,
    });
    await app.ready();
    try {
      const owner = await createUser(database.db, { role: 'ADMIN' });
      // The database refuses the export's query once the header row has gone out.
      await database.db.execute(sql`alter table order_items rename column quantity to quantity_gone`);
      // The owner's browser gets a cut file: the response is destroyed mid-way.
      await expect(
        app.inject({ url: '/api/admin/orders/export.csv?from=2026-01-01', headers: bearer(owner) }),
      ).rejects.toThrow(/destroyed/);
      const logged = () => lines.map((line) => JSON.parse(line) as { msg: string });
      await vi.waitFor(() =>
        expect(logged()).toContainEqual(
          expect.objectContaining({
            msg: 'orders export failed mid-stream',
            from: '2026-01-01',
            err: expect.objectContaining({ message: expect.stringMatching(/quantity/) }),
          }),
        ),
      );
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
