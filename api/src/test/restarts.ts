import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from './database.js';
import { startSmtpServer, type TestSmtpServer } from './smtp.js';

/** A shop's database, data folder and mail catcher that outlive its starts. */
export interface Restartable {
  readonly database: Database;
  readonly smtp: TestSmtpServer;
  /** One start of the shop: the app built anew on the same database, as a process is. */
  start: () => Promise<App>;
}

/**
 * For the tests of what survives a restart (a timed mail, a dead worker's effects): one database,
 * data folder and SMTP catcher for the file; each `start()` a new app on them, closed by the test.
 */
export function useRestarts(name: string): Restartable {
  let database: Database | undefined;
  let smtp: TestSmtpServer | undefined;
  let config: Config | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), `shop-${name}-`));
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://shop.test',
      SMTP_URL: smtp.url,
    });
  });
  afterAll(async () => {
    await database?.close();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useRestarts: used before its beforeAll ran');
    return value;
  };
  return {
    get database() {
      return started(database);
    },
    get smtp() {
      return started(smtp);
    },
    start: async () => {
      const app = await buildApp({
        config: started(config),
        database: started(database),
        logger: false,
        serveWebApp: false,
      });
      await app.ready();
      return app;
    },
  };
}
