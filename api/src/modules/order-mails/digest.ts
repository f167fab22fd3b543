import type { Db } from '../../db/client.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { dayIn } from '../../platform/outbox/timed.js';
import { LOW_STOCK_DIGEST } from './effect-kinds.js';

/**
 * Writes the low-stock digest of the shop's day of `now`, due at once. The outbox writes each
 * morning's by itself (LOW_STOCK_DIGEST is due at 8 every day: decision 0052); keyed by the day,
 * however often it is written it is mailed once. Its handler (effects.ts) mails nothing when
 * nothing is low.
 */
export async function enqueueLowStockDigest(db: Db, now = new Date()): Promise<void> {
  await enqueue(db, [LOW_STOCK_DIGEST.occurrence(dayIn(now, 'Europe/Sofia'), now)]);
}
