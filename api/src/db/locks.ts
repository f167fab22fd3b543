import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';
import { runPrepared } from './prepared.js';

/** Advisory lock spaces (the first key of `pg_advisory_xact_lock(int, int)`); ids of 727274.. are taken by migrations and the seed. */
const SHOPPER_LOCK = 727_280;

/**
 * Until the transaction ends, the shopper's checkouts and payments take turns: the cart an order
 * is built from and the lines a payment takes off it can never cross (docs/decisions/0019).
 */
export async function lockShopper(tx: Tx, userId: number): Promise<void> {
  await runPrepared(tx, 'lock_shopper', ($) => sql`select pg_advisory_xact_lock(${SHOPPER_LOCK}, ${$.userId})`, {
    userId,
  });
}
