// @module-tag engine: a migration's SQL run on each engine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.js';
import { createTestDatabase } from '../test/database.js';
import type { Database } from './client.js';
import { queryRows } from './rows.js';

/**
 * The units a cart line may hold: the spec's 99 by default (issue 45 item 3), where an earlier
 * release's default was 10. A shop still at 10 that its owner never set moves to 99; a limit the
 * owner set stays theirs. The migration's own statements are run again on a migrated database set
 * back as the release before left it (cheaper than migrating two databases from their start).
 */
const statements = readFileSync(join(migrationsDir, '0028_units_default_99.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim());

describe('migration 0028_units_default_99', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** The shop as the release before left it: at 10, its owner having saved the settings once with `changes`. */
  async function migrateShopAt10(changes: Record<string, unknown>) {
    const { db } = database;
    await db.execute(sql`delete from audit_log`);
    await db.execute(sql`update shop_settings set max_units_per_variant = 10 where id = 1`);
    await db.execute(sql`insert into audit_log (action, target, detail)
      values ('settings.update', 'settings', ${JSON.stringify({ changes })}::jsonb)`);
    for (const statement of statements) await db.execute(sql.raw(statement));
    const [row] = await queryRows(
      db,
      z.object({ max_units_per_variant: z.number() }),
      sql`select max_units_per_variant from shop_settings where id = 1`,
    );
    return row?.max_units_per_variant;
  }

  it('gives a shop at the old default its owner never set the spec’s 99', async () => {
    expect(await migrateShopAt10({ returnDays: 30 })).toBe(99);
  });

  it('keeps a limit the owner set, even the old default', async () => {
    expect(await migrateShopAt10({ limits: { maxUnitsPerVariant: 10, codMaxOpenOrders: 2 } })).toBe(10);
  });
});
