import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app.js';
import type { Config } from '../config.js';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import { shopSettings } from '../db/schema.js';
import { createTestApp, effectsRun, heard, type TestApp } from './app.js';
import { createProduct, createUser, type CreatedProduct, type CreatedUser } from './factories.js';
import { startSmtpServer, type TestSmtpServer } from './smtp.js';

export interface TestAppOptions {
  /** Configuration beside the tests' defaults (`loadConfig`'s keys, e.g. `{ CURRENCY: 'EUR' }`). */
  env?: Record<string, string>;
  /** A real SMTP server that keeps what the app sends (`t.smtp`); the app's `SMTP_URL` points to it. */
  smtp?: boolean;
  /** An admin account (`t.admin`), made once for the file. */
  admin?: boolean;
  /** The seller's details an invoice needs (`TEST_SELLER`), saved in the settings before the tests. */
  seller?: boolean;
}

/** A Bulgarian seller with a valid ЕИК and VAT ID: what invoices and credit notes need. */
export const TEST_SELLER = {
  legalName: 'Модна Къща ООД',
  companyId: '175074752',
  vatId: 'BG175074752',
  address: 'ул. Граф Игнатиев 1, София',
} as const;

/** Makes `TEST_SELLER` the shop's seller (the settings row of `db`). */
export async function setTestSeller(db: Db): Promise<void> {
  await db
    .update(shopSettings)
    .set({
      sellerLegalName: TEST_SELLER.legalName,
      sellerCompanyId: TEST_SELLER.companyId,
      sellerVatId: TEST_SELLER.vatId,
      sellerAddress: TEST_SELLER.address,
    })
    .where(eq(shopSettings.id, 1));
}

/** What `useTestApp` gives: ready inside tests and hooks (not while the file loads). */
export interface TestHarness {
  readonly app: App;
  readonly db: Db;
  readonly database: Database;
  readonly config: Config;
  readonly dataDir: string;
  /** With `smtp: true`. */
  readonly smtp: TestSmtpServer;
  /** With `admin: true`. */
  readonly admin: CreatedUser;
  /** A user of this app's database (factories.ts: `createUser`). */
  createUser(options?: Parameters<typeof createUser>[1]): Promise<CreatedUser>;
  /** A product of this app's database (factories.ts: `createProduct`). */
  createProduct(options?: Parameters<typeof createProduct>[1]): Promise<CreatedProduct>;
  /** Resolves once the app has heard every change committed so far (app.ts: `heard`). */
  heard(): Promise<void>;
  /** Resolves once the app has run every effect due now (app.ts: `effectsRun`). */
  effectsRun(): Promise<void>;
}

/**
 * The start of an API test file: the real app on a fresh database built from the migrations,
 * closed after the file (or the `describe` it is called in), with an SMTP catcher and an admin
 * when asked for.
 *
 * ```ts
 * const t = useTestApp({ smtp: true, admin: true });
 * it('…', async () => {
 *   const shopper = await t.createUser();
 *   const answer = await t.app.inject({ url: '/api/orders', headers: bearer(shopper) });
 * });
 * ```
 *
 * A file whose results depend on the database engine (locks, races, numbering, SQL of its own)
 * starts with `// @module-tag engine: <why>`, a test of that kind says `{ tags: ['engine'] }`, so
 * that it runs on PostgreSQL too (engine-tag.ts, decision 0049).
 */
export function useTestApp(options: TestAppOptions = {}): TestHarness {
  let started: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;
  let admin: CreatedUser | undefined;

  beforeAll(async () => {
    if (options.smtp) smtp = await startSmtpServer();
    started = await createTestApp({ ...options.env, ...(smtp ? { SMTP_URL: smtp.url } : {}) });
    if (options.admin) admin = await createUser(started.db, { role: 'ADMIN' });
    if (options.seller) {
      await setTestSeller(started.db);
      await heard(started.app);
    }
  });
  afterAll(async () => {
    await started?.close();
    await smtp?.close();
  });

  const ready = (): TestApp => {
    if (!started) throw new Error('useTestApp: the app is ready inside tests and hooks, not while the file loads');
    return started;
  };
  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().db;
    },
    get database() {
      return ready().database;
    },
    get config() {
      return ready().config;
    },
    get dataDir() {
      return ready().dataDir;
    },
    get smtp() {
      if (!smtp) throw new Error('useTestApp: ask for the SMTP server with { smtp: true }');
      return smtp;
    },
    get admin() {
      if (!admin) throw new Error('useTestApp: ask for an admin with { admin: true }');
      return admin;
    },
    createUser: (userOptions) => createUser(ready().db, userOptions),
    createProduct: (productOptions) => createProduct(ready().db, productOptions),
    heard: () => heard(ready().app),
    effectsRun: () => effectsRun(ready().app),
  };
}
