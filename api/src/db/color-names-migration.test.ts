// @module-tag engine: a migration run on each engine.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { migrateForward, migrationsBefore } from '../test/migrations.js';
import type { Database } from './client.js';
import { queryRows } from './rows.js';

describe('migration 0010_color_names', () => {
  let database: Database | undefined;
  let folder: string | undefined;
  afterAll(async () => {
    await database?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('gives the demo colours of an existing shop their Bulgarian names, and their order lines too', async () => {
    folder = migrationsBefore('0010_color_names');
    database = await createTestDatabase({ migrationsFolder: folder });
    const { db } = database;
    await db.execute(sql`insert into products (id, category_id, price_cents) values (1, 1, 1000)`);
    await db.execute(sql`insert into product_colors (id, product_id, color_name, position)
      values (1, 1, 'Onyx', 0), (2, 1, 'Teal', 1), (3, 1, 'Slate Blue', 2)`);
    await db.execute(sql`insert into users (id, name, email, password_hash) values (1, 'Ana', 'ana@example.com', 'x')`);
    await db.execute(sql`insert into orders (id, user_id, currency, total_cents, payment_provider)
      values (1, 1, 'EUR', 3000, 'local')`);
    // The third line's colour was renamed after the order: its snapshot is left as it was.
    await db.execute(sql`insert into order_items (order_id, product_id, color_id, name, color_name, size,
        unit_price_cents, quantity)
      values (1, 1, 1, 'Coat', 'Onyx', 'M', 1000, 1), (1, 1, 2, 'Coat', 'Teal', 'M', 1000, 1),
        (1, 1, 3, 'Coat', 'Slate', 'M', 1000, 1)`);

    await migrateForward(database);

    const names = z.object({ color_name: z.string(), color_name_bg: z.string() });
    const colors = await queryRows(db, names, sql`select color_name, color_name_bg from product_colors order by id`);
    expect(colors).toEqual([
      { color_name: 'Onyx', color_name_bg: 'Оникс' },
      { color_name: 'Teal', color_name_bg: '' },
      { color_name: 'Slate Blue', color_name_bg: 'Сиво-синьо' },
    ]);
    const lines = await queryRows(db, names, sql`select color_name, color_name_bg from order_items order by id`);
    expect(lines).toEqual([
      { color_name: 'Onyx', color_name_bg: 'Оникс' },
      { color_name: 'Teal', color_name_bg: '' },
      { color_name: 'Slate', color_name_bg: '' },
    ]);
  });
});
