// @module-tag engine: a backup is PGlite's data folder or pg_dump's file.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { queryRows } from '../db/rows.js';
import { loadConfig } from '../config.js';
import { migrationsDir } from '../paths.js';
import { backupCommand, restoreCommand } from '../platform/backup/commands.js';
import { RestoreRefused } from '../platform/backup/restore.js';
import { testDbKind } from '../test/database.js';
import { createUser, type CreatedUser } from '../test/factories.js';
import { emptyPostgresDatabase } from './support/postgres.js';
import { TEST_DELIVERY } from '../modules/payments/test-support.js';
import { migratedDataDir } from './support/data-dir.js';
import { runNode, startServer, stop, type ServerRun } from './support/server.js';

/** Shoppers placing orders side by side, before and while the backup is taken. */
const SHOPPERS = 8;
/** Checkout allows 10 attempts per shopper a minute: each shopper keeps under it, one order a second. */
const ORDERS_PER_SHOPPER = 9;
const PAUSE_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh place for a shop: a DATA_DIR, and on the PostgreSQL pass an empty database of its own. */
async function freshTarget() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-backup-'));
  const postgres = testDbKind === 'postgres' ? await emptyPostgresDatabase() : undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
  return {
    dataDir,
    env,
    config: () => loadConfig({ ...env, LOG_LEVEL: 'silent' }),
    async remove() {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
type Target = Awaited<ReturnType<typeof freshTarget>>;

interface Ack {
  shopper: CreatedUser;
  sessionId: string;
}

/** One shopper: add a product to the cart, check out and pay, again and again, until told to stop. */
async function shop(url: string, shopper: CreatedUser, stopped: () => boolean, acks: Ack[]) {
  const headers = { authorization: `Bearer ${shopper.token}`, 'content-type': 'application/json' };
  const products = (
    (await (await fetch(`${url}/api/products`)).json()) as {
      id: number;
      stockTracked: boolean;
      colors: { id: number }[];
      sizes: { size: string }[];
      stock: { colorId: number; size: string; available: number }[];
    }[]
  )
    .map((product) => {
      // The demo catalogue tracks stock: shop a variant with plenty left.
      const plenty = product.stock.find((entry) => entry.available >= 20);
      return { id: product.id, colorId: plenty?.colorId, size: plenty?.size };
    })
    .filter((product) => product.colorId !== undefined);
  for (let round = 0; !stopped(); round += 1) {
    if (round > 0) await sleep(PAUSE_MS);
    if (round >= ORDERS_PER_SHOPPER) continue;
    const product = products[(shopper.id + round) % products.length]!;
    const add = await fetch(`${url}/api/cart`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        productId: product.id,
        selectedColor: product.colorId,
        selectedSize: product.size,
        quantity: 1,
      }),
    });
    expect(add.status, await add.clone().text()).toBeLessThan(300);
    const checkout = await fetch(`${url}/api/checkout/session`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ delivery: TEST_DELIVERY }),
    });
    expect(checkout.status, await checkout.clone().text()).toBe(201);
    const { sessionId } = (await checkout.json()) as { sessionId: string };
    const pay = await fetch(`${url}/pay/${sessionId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4242+4242+4242+4242&expiry=12%2F40&cvc=123&name=A+Shopper',
    });
    expect(pay.status, await pay.clone().text()).toBe(303);
    acks.push({ shopper, sessionId });
  }
}

/**
 * The owner's promise: a backup taken while shoppers place orders holds every order placed
 * before it began, and comes back on a new machine (a fresh DATA_DIR, or a fresh PostgreSQL
 * database) with its images. On PGlite the running shop takes it (the command asks it through
 * the control socket); on PostgreSQL, pg_dump.
 */
describe(`backup and restore (${testDbKind})`, () => {
  const targets: Target[] = [];
  const servers: ServerRun[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => stop(server)));
    for (const target of targets) await target.remove();
  });

  it('restores every order acknowledged before the backup began, with its images, into a fresh shop', async () => {
    const source = await freshTarget();
    const restored = await freshTarget();
    targets.push(source, restored);

    // Shoppers with live sessions, written before the shop starts (the shop then seeds the demo catalogue).
    if (!source.env.DATABASE_URL) await migratedDataDir(source.dataDir);
    const setup = await openDatabase({ url: source.env.DATABASE_URL, dataDir: source.dataDir });
    const shoppers = [];
    for (let index = 0; index < SHOPPERS; index += 1) shoppers.push(await createUser(setup.db));
    await setup.close();

    const shopRun = await startServer({ ...source.env, SEED_DEMO: 'true' });
    servers.push(shopRun);
    const acks: Ack[] = [];
    let writing = true;
    const shopping = Promise.all(shoppers.map((shopper) => shop(shopRun.url, shopper, () => !writing, acks)));
    while (acks.length < 2 * SHOPPERS) await sleep(20);

    const file = join(source.dataDir, 'owner-copy.tar.gz');
    const before = acks.slice(); // acknowledged before the command started
    const backup = runNode('scripts/backup.ts', ['--out', file], source.env);
    expect(await backup.exited, backup.output()).toBe(0);
    const ackedWhileBackingUp = acks.length - before.length;
    writing = false;
    await shopping;
    expect(backup.output()).toContain(testDbKind === 'pglite' ? 'by the running shop' : 'directly');
    // Orders went on being placed while the backup was taken: nothing waited for it.
    expect(ackedWhileBackingUp).toBeGreaterThan(0);
    await stop(shopRun);

    expect(before.length).toBeGreaterThanOrEqual(2 * SHOPPERS);

    const restore = runNode('scripts/restore.ts', [file], restored.env);
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toMatch(/Restored the backup of .* orders/);

    // The same file again: the target is not empty any more.
    const again = runNode('scripts/restore.ts', [file], restored.env);
    expect(await again.exited, again.output()).toBe(2);
    expect(again.output()).toContain('Restore refused');

    // The outbox came too: each order paid before the backup began had mailed its confirmation.
    const mails = readdirSync(join(restored.dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
    expect(mails.length).toBeGreaterThanOrEqual(before.length);

    const back = await startServer(restored.env);
    servers.push(back);
    const images = new Set<string>();
    for (const ack of before) {
      const response = await fetch(`${back.url}/api/orders/by-session/${ack.sessionId}`, {
        headers: { authorization: `Bearer ${ack.shopper.token}` },
      });
      expect(response.status, `order of ${ack.sessionId}`).toBe(200);
      const order = (await response.json()) as { status: string; items: { imageUrl: string }[] };
      expect(order.status).toBe('paid');
      expect(order.items).toHaveLength(1);
      images.add(order.items[0]!.imageUrl);
    }
    for (const image of images) {
      const response = await fetch(`${back.url}${image}`);
      expect(response.status, image).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    await stop(back);
  }, 240_000);

  it('restores a backup taken before the latest migration and migrates it forward', async () => {
    const old = await freshTarget();
    const restored = await freshTarget();
    targets.push(old, restored);

    // A database as the previous release left it: every migration but the last.
    const previousRelease = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
    cpSync(migrationsDir, previousRelease, { recursive: true });
    const journalFile = join(previousRelease, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries.pop();
    writeFileSync(journalFile, JSON.stringify(journal));
    try {
      mkdirSync(old.dataDir, { recursive: true });
      const database = await openDatabase({
        url: old.env.DATABASE_URL,
        dataDir: old.dataDir,
        migrationsFolder: previousRelease,
      });
      await database.db.execute(
        sql`insert into users (name, email, password_hash, role) values ('Old Customer', 'old@example.com', 'x', 'USER')`,
      );
      await database.close();
    } finally {
      rmSync(previousRelease, { recursive: true, force: true });
    }

    const file = join(old.dataDir, 'old.tar.gz');
    await backupCommand(old.config(), file);
    const result = await restoreCommand(restored.config(), file, false);
    expect(result.manifest.migrations).toEqual({
      applied: journal.entries.length,
      latest: journal.entries.at(-1)!.tag,
    });
    expect(result.migrated).toBe(1);
    expect(result.counts.users).toBe(1);

    const database = await openDatabase({ url: restored.env.DATABASE_URL, dataDir: restored.dataDir });
    try {
      const [level] = await queryRows(
        database.db,
        z.object({ applied: z.number() }),
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      expect(level?.applied).toBe(journal.entries.length + 1);
    } finally {
      await database.close();
    }

    // Not over a database that is there, unless forced.
    await expect(restoreCommand(restored.config(), file, false)).rejects.toBeInstanceOf(RestoreRefused);
    const forced = await restoreCommand(restored.config(), file, true);
    expect(forced.counts.users).toBe(1);
  }, 120_000);
});
