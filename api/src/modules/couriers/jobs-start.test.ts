import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { courierOffices } from '../../db/schema.js';
import { createTestDatabase } from '../../test/database.js';
import { BUILTIN_OFFICES } from './builtin-offices.js';

/** The couriers' jobs start behind the listen, or with the first read of the offices (decision 0053). */
let opened: { app: App; database: Database; dataDir: string } | undefined;
afterEach(async () => {
  await opened?.app.close();
  await opened?.database.close();
  if (opened) rmSync(opened.dataDir, { recursive: true, force: true });
  opened = undefined;
});

async function open(): Promise<{ app: App; database: Database }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false, serveWebApp: false });
  opened = { app, database, dataDir };
  return { app, database };
}

const offices = async (database: Database) => (await database.db.select().from(courierOffices)).length;

describe('the couriers’ jobs', () => {
  it('do not hold up the start: the built-in offices are synced once the server listens', async () => {
    const { app, database } = await open();
    await app.ready();
    expect(await offices(database)).toBe(0);
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Nothing asks for them: the listen alone starts the sync.
    const deadline = Date.now() + 10_000;
    while ((await offices(database)) < BUILTIN_OFFICES.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await offices(database)).toBe(BUILTIN_OFFICES.length);
  });

  it('start with the first read of the offices when the app does not listen, which waits for them', async () => {
    const { app } = await open();
    const answer = await app.inject({ url: '/api/couriers/cities' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().length).toBeGreaterThan(5);
  });
});
