import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { LOW_STOCK_DIGEST } from './effect-kinds.js';

/** The shop's day (Bulgaria), YYYY-MM-DD: the digest's key. */
export const shopDay = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Sofia',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** The hour of the shop's day from which the digest is written (the owner reads it in the morning). */
const DIGEST_FROM_HOUR = 8;

/**
 * Writes the day's low-stock digest (an effect keyed by the day: written by every process, every
 * hour, it exists and is mailed once). Its handler (effects.ts) mails nothing when nothing is low.
 */
export async function enqueueLowStockDigest(db: Db, now = new Date()): Promise<void> {
  const day = shopDay(now);
  await enqueue(db, [LOW_STOCK_DIGEST.effect({ day }, { id: day })]);
}

const DIGEST_EVERY_MS = 3_600_000;

/** Writes the day's digest once an hour from DIGEST_FROM_HOUR, in this process. Returns the stop. */
export function scheduleLowStockDigest(db: Db, log: FastifyBaseLogger): () => void {
  const tick = async () => {
    const now = new Date();
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sofia', hour: '2-digit', hourCycle: 'h23' }).format(now),
    );
    if (hour < DIGEST_FROM_HOUR) return;
    try {
      await enqueueLowStockDigest(db, now);
    } catch (error) {
      log.error({ err: error }, 'writing the low-stock digest failed');
    }
  };
  const timer = setInterval(() => void tick(), DIGEST_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
