import { SIZES } from '@shop/contract';
import { openDatabase, type Database } from '../../api/src/db/client.js';
import { cartItems, wishlistItems } from '../../api/src/db/schema.js';
import { emptyPostgresDatabase } from '../../api/src/robustness/support/postgres.js';
import { startServer, stop, type ServerRun } from '../../api/src/robustness/support/server.js';
import { createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../api/src/test/factories.js';

export const PRODUCTS = 500;
export const SHOPPERS = 1000;
/** The built bundle, as `npm start` runs it. */
export const API_ENTRY = 'api/dist/main.js';
/**
 * Production settings, and otherwise what the README's defaults give (LOG_LEVEL info), with the
 * built-in test payments and the mail outbox said by name: a production start refuses to guess them.
 */
export const SERVER_ENV = { NODE_ENV: 'production', SEED_DEMO: 'false', PAYMENTS: 'test', MAIL: 'outbox' };

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

/** Runs `make` for 0..count-1, ten at a time (the pool's size), keeping the order. */
async function inBatches<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) => make(start + offset));
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

/**
 * A PostgreSQL database (TEST_DATABASE_URL's server, a fresh database) with the catalogue at
 * 500 products and 1,000 shoppers with sessions, carts and wishlists, and the built API on it.
 */
export async function postgresFixture(): Promise<PostgresFixture> {
  const postgres = await emptyPostgresDatabase();
  const database = await openDatabase({ url: postgres.url });
  const { db } = database;
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
  const server = await startServer({ ...SERVER_ENV, DATABASE_URL: postgres.url }, { entry: API_ENTRY });
  return {
    url: postgres.url,
    database,
    products,
    shoppers,
    server,
    async close() {
      await stop(server);
      await database.close();
      await postgres.drop();
    },
  };
}
