import { MAX_COLOR_IMAGES, SIZES } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { openDatabase, type Database, type Db } from '../../api/src/db/client.js';
import { cartItems, productColorImages, productReviews, wishlistItems } from '../../api/src/db/schema.js';
import { TEST_DELIVERY } from '../../api/src/modules/payments/test-support.js';
import { emptyPostgresDatabase } from '../../api/src/robustness/support/postgres.js';
import { startServer, stop, type ServerRun } from '../../api/src/robustness/support/server.js';
import { createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../api/src/test/factories.js';
import { METRICS_TOKEN, unwatchLoop, watchLoop } from './lib.js';

export const PRODUCTS = 500;
export const SHOPPERS = 1000;
const PAST_DELIVERY = { ...TEST_DELIVERY, office: null, note: null };
/** The built bundle, as `npm start` runs it. */
export const API_ENTRY = 'api/dist/main.js';
/**
 * Production settings, and otherwise what the README's defaults give (LOG_LEVEL info), with the
 * built-in test payments and the mail outbox said by name: a production start refuses to guess them.
 */
export const SERVER_ENV = {
  NODE_ENV: 'production',
  SEED_DEMO: 'false',
  PAYMENTS: 'test',
  MAIL: 'outbox',
  // One load generator is one client address: the page and search figures measure rendering and
  // searching, not the limits' 429s.
  PAGE_RATE_LIMIT: '100000000',
  SEARCH_RATE_LIMIT: '100000000',
  // The benchmark reads each server's event-loop delay from its metrics (lib.ts, watchLoop).
  METRICS_TOKEN,
  // BENCH_PROFILE_DIR=<folder>: every server a section starts writes its CPU profile there (profiled-main.mjs).
  ...(process.env.BENCH_PROFILE_DIR ? { BENCH_PROFILE_DIR: process.env.BENCH_PROFILE_DIR } : {}),
};

/**
 * Starts a built server for a section (startServer) and watches its event loop from its first
 * 200 on; `stopBenchServer` reads the loop a last time and stops it.
 */
export async function startBenchServer(
  name: string,
  env: Record<string, string>,
  options: Parameters<typeof startServer>[1] = {},
): Promise<ServerRun> {
  const entry = process.env.BENCH_PROFILE_DIR
    ? 'scripts/bench/profiled-main.mjs'
    : // BENCH_API_ENTRY=api/dist-before/main.js: another build of the API, for a before/after comparison.
      (process.env.BENCH_API_ENTRY ?? API_ENTRY);
  const server = await startServer({ ...SERVER_ENV, ...env }, { entry, ...options });
  await watchLoop(name, server.url);
  return server;
}

export async function stopBenchServer(server: ServerRun): Promise<void> {
  await unwatchLoop(server.url);
  await stop(server);
}

/** A fresh PostgreSQL database (TEST_DATABASE_URL's server) opened in this process; `close` drops it. */
export async function benchDatabase(): Promise<{
  url: string;
  database: Database;
  db: Db;
  close: () => Promise<void>;
}> {
  const postgres = await emptyPostgresDatabase();
  const database = await openDatabase({ url: postgres.url });
  return {
    url: postgres.url,
    database,
    db: database.db,
    close: async () => {
      await database.close();
      await postgres.drop();
    },
  };
}

/** A mail the benchmark's SMTP server took: its recipients, its Message-ID, and when (performance.now()). */
export interface TakenMail {
  to: string[];
  messageId: string | undefined;
  at: number;
}

/** An SMTP server on a loopback port in this process that takes every mail into `mails`. */
async function smtpSink(mails: TakenMail[]) {
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    // No reverse DNS lookup of each client (loopback; no resolver to ask here).
    disableReverseLookup: true,
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const head =
          Buffer.concat(chunks)
            .toString('utf8')
            .split(/\r?\n\r?\n/, 1)[0] ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          messageId: /^message-id:\s*(\S+)/im.exec(head)?.[1],
          at: performance.now(),
        });
        callback();
      });
    },
  });
  // A server killed by a section ends its connections with a reset: not an error of the measure.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as { port: number };
  return {
    env: { MAIL: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export interface SmtpFixture {
  db: Db;
  /** Every mail the SMTP server took, in order. */
  mails: TakenMail[];
  /** Starts the built API on the database, sending its mail to the SMTP server (startBenchServer). */
  start(): Promise<ServerRun>;
  close(): Promise<void>;
}

/**
 * The built server with SMTP (the sections that measure mail: effects, campaigns): a fresh
 * PostgreSQL database for the section to fill, an SMTP server in this process noting every mail,
 * and `start()` for each server the section runs on both.
 */
export async function builtServerWithSmtp(): Promise<SmtpFixture> {
  const mails: TakenMail[] = [];
  const smtp = await smtpSink(mails);
  const database = await benchDatabase();
  return {
    db: database.db,
    mails,
    start: () => startBenchServer('API on PostgreSQL', { DATABASE_URL: database.url, ...smtp.env }),
    async close() {
      await database.close();
      await smtp.close();
    },
  };
}

export interface PostgresFixture {
  url: string;
  database: Database;
  products: CreatedProduct[];
  /** Each with 3 cart lines and 2 wishlist items. */
  shoppers: CreatedUser[];
  server: ServerRun;
  close(): Promise<void>;
}

const pick = <T>(items: T[], index: number): T => items[index % items.length]!;

/** Published reviews of the one product the one-product figures read: more than a page of them. */
const SHOWCASE_REVIEWS = 25;

/**
 * What a fashion shop's pages show beyond the product itself (issue 31): the product the
 * one-product figures read (the last) has every photo a colour may have and more than a page of
 * published reviews; every tenth product has one review, so the list carries stars too. (Every
 * product has two colours: the cards' swatches.)
 */
async function fashionDetails(db: Db, products: CreatedProduct[], shoppers: CreatedUser[]) {
  const showcase = products[products.length - 1]!;
  const color = showcase.colors[0]!;
  await db.insert(productColorImages).values(
    Array.from({ length: MAX_COLOR_IMAGES - 1 }, (_, index) => ({
      colorId: color.id,
      url: `/files/bench-photo-${index + 2}`,
      position: index + 1,
    })),
  );
  const review = (product: CreatedProduct, shopper: CreatedUser, index: number) => ({
    productId: product.id,
    userId: shopper.id,
    rating: 3 + (index % 3),
    fit: (['small', 'true', 'large', null] as const)[index % 4]!,
    title: `Review ${index + 1}: soft, warm and true to the size table`,
    body: 'The fabric is heavier than I expected and it keeps its shape after washing. '.repeat(3).trim(),
    size: 'M',
    colorName: product.colors[0]!.colorName,
    status: 'published' as const,
  });
  await db
    .insert(productReviews)
    .values([
      ...Array.from({ length: SHOWCASE_REVIEWS }, (_, index) => review(showcase, shoppers[index]!, index)),
      ...products
        .filter((product, index) => index % 10 === 0 && product !== showcase)
        .map((product, index) => review(product, shoppers[SHOWCASE_REVIEWS + index]!, index)),
    ]);
}

/** Runs `make` for 0..count-1, ten at a time (the pool's size), keeping the order. */
async function inBatches<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) => make(start + offset));
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

/** Delivered orders each shopper placed before the benchmark, of one line each. */
const PAST_ORDERS = 3;

/**
 * The shoppers' past orders, then the statistics a running shop's autovacuum keeps: without them
 * (this host's PostgreSQL runs with autovacuum off) the planner guesses every table nearly empty
 * and walks all 500 products for each cart (decision 0102).
 */
async function orderHistory(db: Db) {
  await db.execute(sql`
    insert into orders (user_id, email, status, payment_method, fulfilment, currency, subtotal_cents, delivery_cents,
      total_cents, payment_provider, created_at, paid_at, delivery)
    select u.id, u.email, 'paid', 'card', 'delivered', 'EUR', 4900, 690, 5590, 'test',
      now() - (n || ' days')::interval, now() - (n || ' days')::interval, ${JSON.stringify(PAST_DELIVERY)}::jsonb
    from users u cross join generate_series(1, ${PAST_ORDERS}) n`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, color_id, name, color_name, size, unit_price_cents, quantity, image_url)
    select o.id, c.product_id, c.id, 'A past piece', c.color_name, 'M', 4900, 1, ''
    from orders o join lateral (select * from product_colors c order by c.id offset o.id % ${PRODUCTS} limit 1) c on true`);
  await db.execute(sql`vacuum analyze`);
}

/**
 * A PostgreSQL database (TEST_DATABASE_URL's server, a fresh database) with the catalogue at
 * 500 products and 1,000 shoppers with sessions, carts, wishlists and past orders, and the built API on it.
 */
export async function postgresFixture(): Promise<PostgresFixture> {
  const { url, database, db, close } = await benchDatabase();
  const products = await inBatches(PRODUCTS, (index) =>
    // Stock is tracked, as in the demo shop: every checkout reserves and every new one releases.
    createProduct(db, {
      categoryId: ((index % 3) + 1) as 1 | 2 | 3,
      priceCents: 2000 + index * 7,
      sizes: [...SIZES],
      stock: 100_000,
    }),
  );
  const shoppers = await inBatches(SHOPPERS, () => createUser(db));
  const lines = (count: number, offset: number) =>
    shoppers.flatMap((shopper, index) =>
      Array.from({ length: count }, (_, line) => {
        const product = pick(products, index * 7 + line * 13 + offset);
        return {
          userId: shopper.id,
          productId: product.id,
          colorId: product.colors[0]!.id,
          size: pick([...SIZES], line),
          quantity: 1,
        };
      }),
    );
  await db.insert(cartItems).values(lines(3, 0));
  await db.insert(wishlistItems).values(lines(2, 101));
  await fashionDetails(db, products, shoppers);
  await orderHistory(db);
  const server = await startBenchServer('API on PostgreSQL', { DATABASE_URL: url });
  return {
    url,
    database,
    products,
    shoppers,
    server,
    async close() {
      await stopBenchServer(server);
      await close();
    },
  };
}
