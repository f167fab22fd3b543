import { documentNumber } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { documentCounters } from '../../db/schema.js';

/**
 * The documents' numbers: each series is gapless (decisions 0039, 0043). Sale documents have one,
 * invoices and credit notes share another; each starts where the records settings say. A kind of
 * document that needs a number of its own (a complaint's, YEAR section 6) is one more series here.
 */
export const SERIES = {
  sale: 'sale',
  invoice: 'invoice',
  /** The register of complaints (decision 0059), from 1. */
  complaint: 'complaint',
} as const;
export type Series = (typeof SERIES)[keyof typeof SERIES];

/**
 * Takes the next number of a series in the caller's transaction: the counter row is updated (and
 * so locked) until the transaction ends, so numbers are given one at a time across processes, and a
 * rolled-back transaction gives its number back: no gap, no repeat (decision 0039).
 */
export async function nextNumber(tx: Tx, series: Series, first: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, next: first + 1 })
    .onConflictDoUpdate({ target: documentCounters.series, set: { next: sql`${documentCounters.next} + 1` } })
    .returning({ next: documentCounters.next });
  return row!.next - 1;
}

/** The next number of a series as a document prints it: 10 digits with leading zeros. */
export const nextDocumentNumber = async (tx: Tx, series: Series, first: number): Promise<string> =>
  documentNumber(await nextNumber(tx, series, first));
