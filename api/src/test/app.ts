import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { createTestDatabase } from './database.js';

/**
 * Resolves once `app` has heard every change committed so far (its caches have dropped what
 * they showed): what a test must await after writing with SQL before an anonymous read, on
 * PostgreSQL. (Signed-in requests and the app's own writes wait for it themselves.)
 */
export async function heard(app: App): Promise<void> {
  await app.caches.feed.fence();
}

/**
 * Resolves once `app` has run every effect due now (order mails, provider refunds and session
 * closures, back-in-stock mails: platform/outbox): what a test awaits before it looks at what
 * they did. They run after the change that wrote them commits, not before the answer.
 */
export async function effectsRun(app: App): Promise<void> {
  await heard(app);
  app.outbox.wake();
  await app.outbox.settled();
}

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database. Use once per test file:
 * `const t = await createTestApp(); afterAll(() => t.close());`
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** Log to this pino configuration (the app's serializers and redaction kept) instead of nowhere. */
  logger?: Record<string, unknown>,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://shop.test',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: logger ?? false, serveWebApp: false });
  await app.ready();
  // What a listening server starts behind the listen: a test finds the courier's offices at once.
  await app.couriersReady();
  return {
    app,
    db: database.db,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
