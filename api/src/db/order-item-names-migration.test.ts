// @module-tag engine: a migration run on each engine.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { migrateForward, migrationsBefore } from '../test/migrations.js';
import type { Database } from './client.js';
import { queryRows } from './rows.js';

describe('migration 0015_order_item_names', () => {
  let database: Database | undefined;
  let folder: string | undefined;
  afterAll(async () => {
    await database?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("gives earlier lines the product's name in the other language, from the product's texts", async () => {
    folder = migrationsBefore('0015_order_item_names');
    database = await createTestDatabase({ migrationsFolder: folder });
    const { db } = database;
    await db.execute(sql`insert into products (id, category_id, price_cents) values (1, 1, 1000), (2, 1, 1000)`);
    await db.execute(sql`insert into product_translations (product_id, language, name, description)
      values (1, 'en', 'Night Coat', ''), (1, 'bg', 'Нощно палто', '')`);
    await db.execute(
      sql`insert into users (id, name, email, password_hash) values (1, 'Ana', 'ana@example.com', 'x'), (2, 'Bo', 'bo@example.com', 'x')`,
    );
    await db.execute(sql`insert into orders (id, user_id, currency, total_cents, payment_provider, locale)
      values (1, 1, 'EUR', 1000, 'local', 'bg'), (2, 2, 'EUR', 2000, 'local', 'en')`);
    // Product 2 has no texts left: its lines keep what they had.
    await db.execute(sql`insert into order_items (order_id, product_id, name, color_name, size, unit_price_cents, quantity)
      values (1, 1, 'Нощно палто', 'Onyx', 'M', 1000, 1), (2, 1, 'Night Coat', 'Onyx', 'M', 1000, 1),
        (1, 2, 'Старо яке', 'Onyx', 'M', 1000, 1), (2, 2, 'Old Jacket', 'Onyx', 'M', 1000, 1)`);

    await migrateForward(database);

    const lines = await queryRows(
      db,
      z.object({ name: z.string(), name_bg: z.string() }),
      sql`select name, name_bg from order_items order by id`,
    );
    expect(lines).toEqual([
      { name: 'Night Coat', name_bg: 'Нощно палто' },
      { name: 'Night Coat', name_bg: 'Нощно палто' },
      { name: 'Старо яке', name_bg: 'Старо яке' },
      { name: 'Old Jacket', name_bg: '' },
    ]);
  });
});
