import { GIFT_CARD_STATUSES, type GiftCardStatus } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { oneOf } from '../../db/fragments.js';
import type { Db, Tx } from '../../db/client.js';
import { preparedRows } from '../../db/prepared.js';
import { giftCards, ledgerEntries } from '../../db/schema.js';
import { cardByCode, cardEmpty, refuseClosedCard, spendableCents, type CardRow } from './cards.js';
import { balanceCents, spend, spendLocked, storeCreditCents } from './ledger.js';

/** What gift cards and store credit pay of an amount: each card (its last four), the credit, their sum. */
export interface Applied {
  cards: { code: string; cents: number }[];
  storeCreditCents: number;
  paidCents: number;
}

export const NOTHING_APPLIED: Applied = { cards: [], storeCreditCents: 0, paidCents: 0 };

export interface ApplyRequest {
  userId: number;
  /** What is to pay before the cards: the order's total (goods after any discount, delivery, fee). */
  dueCents: number;
  codes: readonly string[];
  useStoreCredit: boolean;
}

/** Each code's card, once (the same card typed twice pays once): refusals 404/409 as the quote and checkout answer them. */
async function cardsOf(db: Db | Tx, codes: readonly string[]): Promise<CardRow[]> {
  const cards: CardRow[] = [];
  for (const code of codes) {
    const card = await cardByCode(db, code);
    if (!cards.some((known) => known.id === card.id)) cards.push(card);
  }
  return cards;
}

/**
 * What the cards (in the order given), then the store credit, would pay of `dueCents`: the quote's
 * answer. A card that cannot pay is refused (GIFT_CARD_NOT_FOUND, _EXPIRED, _EMPTY).
 */
export async function quoteGiftCards(db: Db | Tx, request: ApplyRequest): Promise<Applied> {
  if (request.codes.length === 0 && !request.useStoreCredit) return NOTHING_APPLIED;
  let left = request.dueCents;
  const cards: Applied['cards'] = [];
  for (const card of await cardsOf(db, request.codes)) {
    const cents = Math.min(left, await spendableCents(db, card));
    cards.push({ code: card.last4, cents });
    left -= cents;
  }
  const credit = request.useStoreCredit ? Math.min(left, await storeCreditCents(db, request.userId)) : 0;
  left -= credit;
  return { cards, storeCreditCents: credit, paidCents: request.dueCents - left };
}

/**
 * Refuses a card that cannot pay now (unknown, expired, nothing left), read without its lock, in
 * the checkout's transaction before the stock is locked, counting what the shopper's earlier
 * checkouts it replaces (`replaced`) hold of it as back (decision 0093). Once a card is spent, the checkouts that still name it are
 * answered at once instead of each locking its stock rows and then waiting its turn on the card
 * (100 checkouts on one card ran one after another). A card that passes is checked again under
 * its lock (`spendGiftCards`).
 */
export async function refuseSpentCards(tx: Tx, codes: readonly string[], replaced: number[]): Promise<void> {
  for (const card of await cardsOf(tx, codes)) {
    refuseClosedCard(card);
    if ((await balanceCents(tx, { cardId: card.id }, replaced)) <= 0) throw cardEmpty();
  }
}

const LockedCardSchema = z.object({ status: z.enum(GIFT_CARD_STATUSES) });

/** Locks the card's row (`lockBalance`) and answers its status now (a void may have come since it was read). */
async function lockCard(tx: Tx, cardId: number) {
  const [row] = await preparedRows(
    tx,
    LockedCardSchema,
    'lock_gift_card',
    ($) => sql`select status from gift_cards where id = ${$.cardId} for update`,
    { cardId },
  );
  return row!;
}

/**
 * The checkout's spending, in its transaction: every card is locked first (in id order, so that
 * two checkouts with the same cards never wait in a circle), checked again, then each pays what it
 * can of what is left (a `spent` entry naming the order: the hold a closed checkout gives back),
 * then the store credit. 100 checkouts on one card take exactly its balance. Under a card's lock
 * it runs two statements: the lock, then the balance read with the entry written (decision 0093).
 */
export async function spendGiftCards(tx: Tx, orderId: number, request: ApplyRequest): Promise<Applied> {
  if (request.codes.length === 0 && !request.useStoreCredit) return NOTHING_APPLIED;
  const cards = await cardsOf(tx, request.codes);
  const status = new Map<number, GiftCardStatus>();
  for (const card of [...cards].sort((a, b) => a.id - b.id)) status.set(card.id, (await lockCard(tx, card.id)).status);
  let left = request.dueCents;
  const applied: Applied['cards'] = [];
  for (const card of cards) {
    // Its expiry never changes; its status and balance are read under the lock.
    refuseClosedCard({ expiresAt: card.expiresAt, status: status.get(card.id)! });
    const { balanceCents, takenCents } = await spendLocked(tx, { cardId: card.id }, left, orderId);
    if (balanceCents <= 0) throw cardEmpty();
    applied.push({ code: card.last4, cents: takenCents });
    left -= takenCents;
  }
  const credit = request.useStoreCredit ? await spend(tx, { userId: request.userId }, left, orderId) : 0;
  left -= credit;
  return { cards: applied, storeCreditCents: credit, paidCents: request.dueCents - left };
}

/** What cards (their last four) and store credit paid of each order, as the order answers it. */
export async function paidByOrders(db: Db | Tx, orderIds: number[]): Promise<Map<number, Applied>> {
  const result = new Map<number, Applied>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      orderId: ledgerEntries.orderId,
      last4: giftCards.last4,
      cents: sql<number>`-sum(${ledgerEntries.cents})::int`,
    })
    .from(ledgerEntries)
    .leftJoin(giftCards, eq(giftCards.id, ledgerEntries.cardId))
    .where(and(oneOf(ledgerEntries.orderId, orderIds), eq(ledgerEntries.kind, 'spent')))
    .groupBy(ledgerEntries.orderId, ledgerEntries.cardId, giftCards.last4)
    .orderBy(sql`min(${ledgerEntries.id})`);
  for (const row of rows) {
    const applied = result.get(row.orderId!) ?? { cards: [], storeCreditCents: 0, paidCents: 0 };
    const cents = Number(row.cents);
    if (row.last4 === null) applied.storeCreditCents += cents;
    else applied.cards.push({ code: row.last4, cents });
    applied.paidCents += cents;
    result.set(row.orderId!, applied);
  }
  return result;
}
