import { LOW_STOCK, type Stats } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { availableStock, onSale, productName } from '../../db/fragments.js';
import { dbInt, queryRows } from '../../db/rows.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { dayIn } from '../../platform/outbox/timed.js';
import { LOW_STOCK_DIGEST } from './effect-kinds.js';

/** A variant at or under the low-stock mark: the dashboard's list and the owner's daily digest. */
export type LowStockLine = Stats['lowStock'][number];

/**
 * Variants of tracked products on sale with LOW_STOCK or fewer left, the fewest first, at most
 * `limit`: named in both languages (the dashboard shows the page's, the digest mail both).
 */
export async function lowStock(db: Db, limit: number): Promise<LowStockLine[]> {
  const rows = await queryRows(
    db,
    z.object({
      product_id: z.number(),
      name: z.string(),
      name_bg: z.string(),
      color_name: z.string(),
      color_name_bg: z.string(),
      size: z.string(),
      available: dbInt,
    }),
    sql`
      select p.id as product_id, ${productName('en')} as name, ${productName('bg')} as name_bg,
        c.color_name, c.color_name_bg, s.size, ${availableStock()} as available
      from products p
      join product_colors c on c.product_id = p.id
      join product_sizes s on s.product_id = p.id
      left join product_stock ps on ps.color_id = c.id and ps.size = s.size
      where p.stock_tracked and ${onSale()} and ${availableStock()} <= ${LOW_STOCK}
      order by ${availableStock()}, p.id, c.position, s.size limit ${limit}`,
  );
  return rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    nameBg: row.name_bg,
    colorName: row.color_name,
    colorNameBg: row.color_name_bg,
    size: row.size,
    available: row.available,
  }));
}

/**
 * Writes the low-stock digest of the shop's day of `now`, due at once. The outbox writes each
 * morning's by itself (LOW_STOCK_DIGEST is due at 8 every day: decision 0052); keyed by the day,
 * however often it is written it is mailed once. Its handler (effects.ts) mails nothing when
 * nothing is low.
 */
export async function enqueueLowStockDigest(db: Db, now = new Date()): Promise<void> {
  await enqueue(db, [LOW_STOCK_DIGEST.occurrence(dayIn(now, 'Europe/Sofia'), now)]);
}
