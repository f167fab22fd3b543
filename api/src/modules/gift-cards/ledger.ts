import type { LedgerEntryKind } from '@shop/contract';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { preparedRows } from '../../db/prepared.js';
import { giftCards, ledgerEntries } from '../../db/schema.js';

/**
 * The one ledger of gift cards and store credit (YEAR.md section 3; decision 0055). Every
 * balance is the sum of its entries; whoever writes an entry that takes money away first locks
 * what it takes from (the card's row, or the account's advisory lock), reads the sum and takes at
 * most that: a balance is never negative, whatever runs at the same time.
 */

/** Advisory lock space of an account's store credit (locks.ts: 727274.. are taken; the shopper's is 727280). */
const STORE_CREDIT_LOCK = 727_290;

/** What an entry belongs to: a gift card, or an account's store credit. */
export type LedgerOwner = { cardId: number } | { userId: number };

const ownerWhere = (owner: LedgerOwner) =>
  'cardId' in owner ? eq(ledgerEntries.cardId, owner.cardId) : eq(ledgerEntries.userId, owner.userId);

const ownerColumns = (owner: LedgerOwner) =>
  'cardId' in owner ? { cardId: owner.cardId, userId: null } : { cardId: null, userId: owner.userId };

/**
 * The balance: the sum of the owner's entries, in cents; with `backFrom`, as if those orders (open
 * checkouts about to be replaced) had given back what they hold.
 */
export async function balanceCents(db: Db | Tx, owner: LedgerOwner, backFrom: number[] = []): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.cents}), 0)::int` })
    .from(ledgerEntries)
    .where(
      backFrom.length > 0
        ? and(ownerWhere(owner), or(isNull(ledgerEntries.orderId), notInArray(ledgerEntries.orderId, backFrom)))
        : ownerWhere(owner),
    );
  return Number(row?.cents ?? 0);
}

/** An account's store credit, in cents. */
export const storeCreditCents = (db: Db | Tx, userId: number): Promise<number> => balanceCents(db, { userId });

/** Until the transaction ends, nobody else takes from this owner's balance. */
export async function lockBalance(tx: Tx, owner: LedgerOwner): Promise<void> {
  if ('cardId' in owner)
    await tx.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.id, owner.cardId)).for('update');
  else await tx.execute(sql`select pg_advisory_xact_lock(${STORE_CREDIT_LOCK}, ${owner.userId})`);
}

interface EntryInput {
  kind: LedgerEntryKind;
  cents: number;
  orderId?: number | null | undefined;
  reason?: string | null | undefined;
  ref?: string | null | undefined;
}

/** Writes one entry (the sign follows its kind: issued and given-back add, the others take away). */
export async function writeEntry(tx: Tx, owner: LedgerOwner, entry: EntryInput): Promise<void> {
  const adds = entry.kind === 'issued' || entry.kind === 'given-back';
  await tx.insert(ledgerEntries).values({
    ...ownerColumns(owner),
    kind: entry.kind,
    cents: adds ? Math.abs(entry.cents) : -Math.abs(entry.cents),
    orderId: entry.orderId ?? null,
    reason: entry.reason ?? null,
    ref: entry.ref ?? null,
  });
}

/**
 * Store credit for an account, in the caller's transaction (returns credit their outcome here,
 * the owner's goodwill credits too): an `issued` entry of `cents` (> 0), with why and what from
 * (`ref`, e.g. `return:12`). Answers the account's balance after it.
 */
export async function grantStoreCredit(
  tx: Tx,
  userId: number,
  cents: number,
  reason: string,
  ref: string,
): Promise<{ balanceCents: number }> {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`store credit must be positive cents, got ${cents}`);
  await lockBalance(tx, { userId });
  await writeEntry(tx, { userId }, { kind: 'issued', cents, reason, ref });
  return { balanceCents: await storeCreditCents(tx, userId) };
}

/**
 * Takes up to `wantCents` from the owner's balance for an order (a checkout's hold: a `spent`
 * entry naming it), the owner locked first. Answers what it took (0: nothing was left).
 */
export async function spend(tx: Tx, owner: LedgerOwner, wantCents: number, orderId: number): Promise<number> {
  if (wantCents <= 0) return 0;
  await lockBalance(tx, owner);
  return (await spendLocked(tx, owner, wantCents, orderId)).takenCents;
}

const SpentRowSchema = z.object({ balance: z.number(), taken: z.number() });

/**
 * `spend` once the caller holds the owner's lock (`lockBalance`): the balance read and the `spent`
 * entry of at most it in one statement, so the lock is held one round trip less (decision 0093).
 * The statement starts after the lock was granted, so its snapshot sees every entry committed
 * before: a read in the locking statement itself would not (under READ COMMITTED only the locked
 * row is read again). Answers the balance before and what it took (0 when `wantCents` ≤ 0).
 *
 * `exactly`: all of `wantCents` or nothing (an amount planned before the lock, decision 0097):
 * the entry is written only if the balance still covers it.
 */
export async function spendLocked(
  tx: Tx,
  owner: LedgerOwner,
  wantCents: number,
  orderId: number,
  { exactly = false }: { exactly?: boolean } = {},
): Promise<{ balanceCents: number; takenCents: number }> {
  const column = sql.raw('cardId' in owner ? 'card_id' : 'user_id');
  const [row] = await preparedRows(
    tx,
    SpentRowSchema,
    `ledger_spend_${'cardId' in owner ? 'card' : 'account'}${exactly ? '_exactly' : ''}`,
    ($) => sql`
    with held as (select coalesce(sum(cents), 0)::int as balance from ledger_entries where ${column} = ${$.owner}::int),
    taken as (
      insert into ledger_entries (${column}, kind, cents, order_id)
      select ${$.owner}::int, 'spent', -least(${$.want}::int, balance), ${$.orderId}::int from held
      where ${exactly ? sql`balance >= ${$.want}::int` : sql`balance > 0`} and ${$.want}::int > 0
      returning cents)
    select balance, coalesce((select -cents from taken), 0)::int as taken from held`,
    { owner: 'cardId' in owner ? owner.cardId : owner.userId, want: wantCents, orderId },
  );
  // A select from one aggregate's row: always exactly one row.
  if (!row) throw new Error('spendLocked: no row');
  return { balanceCents: row.balance, takenCents: row.taken };
}

/** What each card and account spent on these orders and has not had back: one row per owner and order. */
async function heldBy(tx: Tx, orderIds: number[]) {
  return tx
    .select({
      orderId: ledgerEntries.orderId,
      cardId: ledgerEntries.cardId,
      userId: ledgerEntries.userId,
      cents: sql<number>`-sum(${ledgerEntries.cents})::int`,
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.orderId, orderIds), inArray(ledgerEntries.kind, ['spent', 'given-back'])))
    .groupBy(ledgerEntries.orderId, ledgerEntries.cardId, ledgerEntries.userId);
}

/**
 * Gives back what these orders hold (a checkout cancelled, expired, failed or replaced; a
 * cancelled order): every card and account gets a `given-back` entry of what the order spent of
 * it and did not have back yet. Safe to call twice: the second finds nothing held.
 */
export async function giveBackHeld(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  for (const row of await heldBy(tx, orderIds)) {
    const cents = Number(row.cents);
    if (cents <= 0 || row.orderId === null) continue;
    const owner: LedgerOwner = row.cardId !== null ? { cardId: row.cardId } : { userId: row.userId! };
    await writeEntry(tx, owner, { kind: 'given-back', cents, orderId: row.orderId });
  }
}

/**
 * Gives back up to `cents` of what one order took from cards and credit (a refund's share past
 * what the provider took): store credit first, then the cards in the order they were spent.
 * Answers what it gave back.
 */
export async function giveBack(tx: Tx, orderId: number, cents: number, ref: string): Promise<number> {
  let left = cents;
  const held = (await heldBy(tx, [orderId])).sort((a, b) => Number(a.cardId !== null) - Number(b.cardId !== null));
  for (const row of held) {
    if (left <= 0) break;
    const part = Math.min(left, Number(row.cents));
    if (part <= 0) continue;
    const owner: LedgerOwner = row.cardId !== null ? { cardId: row.cardId } : { userId: row.userId! };
    await writeEntry(tx, owner, { kind: 'given-back', cents: part, orderId, ref });
    left -= part;
  }
  return cents - left;
}

/** What an order took from cards and credit and still holds, in cents (0 for most orders). */
export async function heldCents(db: Db | Tx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(-sum(${ledgerEntries.cents}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), inArray(ledgerEntries.kind, ['spent', 'given-back'])));
  return Number(row?.cents ?? 0);
}

/** The shop's liability: what every gift card still holds, and every account's store credit. */
export async function outstandingCents(db: Db | Tx): Promise<{ giftCards: number; storeCredit: number }> {
  const [row] = await db
    .select({
      giftCards: sql<number>`coalesce(sum(${ledgerEntries.cents}) filter (where ${ledgerEntries.cardId} is not null), 0)::int`,
      storeCredit: sql<number>`coalesce(sum(${ledgerEntries.cents}) filter (where ${ledgerEntries.userId} is not null), 0)::int`,
    })
    .from(ledgerEntries);
  return { giftCards: Number(row?.giftCards ?? 0), storeCredit: Number(row?.storeCredit ?? 0) };
}
