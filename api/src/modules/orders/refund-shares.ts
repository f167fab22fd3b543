import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { giftCards, ledgerEntries } from '../../db/schema.js';

/**
 * What a cash-on-delivery order's refund gave back where (decision 0063): to each gift card (its
 * last four) and to store credit, read from the ledger's `given-back` entries of the refund's key
 * (`return-12`, `complaint-3`, `withdrawal-5-0`: `refundCashOrder`'s `key`), and the rest of the
 * amount, which the owner pays back by bank transfer.
 */
export interface RefundShares {
  cards: { last4: string; cents: number }[];
  storeCreditCents: number;
  cashCents: number;
}

export async function refundShares(
  db: Db | Tx,
  orderId: number,
  key: string,
  amountCents: number,
): Promise<RefundShares> {
  const rows = await db
    .select({ last4: giftCards.last4, cents: sql<number>`sum(${ledgerEntries.cents})::int` })
    .from(ledgerEntries)
    .leftJoin(giftCards, eq(giftCards.id, ledgerEntries.cardId))
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'given-back'), eq(ledgerEntries.ref, key)))
    .groupBy(ledgerEntries.cardId, giftCards.last4)
    .orderBy(sql`min(${ledgerEntries.id})`);
  const cards = rows.flatMap((row) => (row.last4 === null ? [] : [{ last4: row.last4, cents: Number(row.cents) }]));
  const storeCreditCents = rows.filter((row) => row.last4 === null).reduce((sum, row) => sum + Number(row.cents), 0);
  const back = cards.reduce((sum, card) => sum + card.cents, storeCreditCents);
  return { cards, storeCreditCents, cashCents: Math.max(0, amountCents - back) };
}
