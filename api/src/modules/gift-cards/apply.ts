import { GIFT_CARD_STATUSES } from '@shop/contract';
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

/** A card named at checkout as it was read before the stock was locked, without its lock. */
export interface ReadCard {
  id: number;
  last4: string;
  expiresAt: Date;
  /** What it held then, counting what the shopper's replaced checkouts hold of it as back. */
  balanceCents: number;
}

/**
 * Refuses a card that cannot pay now (unknown, expired, nothing left), read without its lock, in
 * the checkout's transaction before the stock is locked, counting what the shopper's earlier
 * checkouts it replaces (`replaced`) hold of it as back (decision 0093). Once a card is spent, the checkouts that still name it are
 * answered at once instead of each locking its stock rows and then waiting its turn on the card
 * (100 checkouts on one card ran one after another). Answers each card with what it held: the
 * checkout's plan (`planGiftCards`), checked under the card's lock at its end (`takePlannedCards`).
 */
export async function refuseSpentCards(tx: Tx, codes: readonly string[], replaced: number[]): Promise<ReadCard[]> {
  const read: ReadCard[] = [];
  for (const card of await cardsOf(tx, codes)) {
    refuseClosedCard(card);
    const balance = await balanceCents(tx, { cardId: card.id }, replaced);
    if (balance <= 0) throw cardEmpty();
    read.push({ id: card.id, last4: card.last4, expiresAt: card.expiresAt, balanceCents: balance });
  }
  return read;
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

/** Locks the cards in id order (two checkouts with the same cards never wait in a circle); refuses a closed one. */
async function lockCards(tx: Tx, cards: readonly ReadCard[]): Promise<void> {
  for (const card of [...cards].sort((a, b) => a.id - b.id))
    refuseClosedCard({ expiresAt: card.expiresAt, status: (await lockCard(tx, card.id)).status });
}

/** What the checkout's cards are to pay (`planGiftCards`), taken at its end (`takePlannedCards`). */
export interface CardPlan {
  applied: Applied;
  cards: { card: ReadCard; cents: number }[];
}

/**
 * The checkout's spending, planned (decision 0097): each card (in the order given) pays what it
 * can of `dueCents` from what it held when read (`refuseSpentCards`), without its lock; then the
 * store credit is taken, under the account's lock (only the shopper's own checkouts, which take
 * turns, spend it). The order's prepaid amount and its payment follow the plan; the cards' entries
 * are written last (`takePlannedCards`), so a card is locked only for its last statements.
 * `lockCardsFirst` (a checkout's last try, `transactionSpendingCards`): the cards are locked and
 * read again now, so the plan cannot go stale.
 */
export async function planGiftCards(
  tx: Tx,
  orderId: number,
  read: readonly ReadCard[],
  request: Omit<ApplyRequest, 'codes'> & { lockCardsFirst: boolean },
): Promise<CardPlan> {
  if (read.length === 0 && !request.useStoreCredit) return { applied: NOTHING_APPLIED, cards: [] };
  let held = read;
  if (request.lockCardsFirst && read.length > 0) {
    await lockCards(tx, read);
    const fresh: ReadCard[] = [];
    for (const card of read) {
      const balance = await balanceCents(tx, { cardId: card.id });
      if (balance <= 0) throw cardEmpty();
      fresh.push({ ...card, balanceCents: balance });
    }
    held = fresh;
  }
  let left = request.dueCents;
  const cards: CardPlan['cards'] = [];
  for (const card of held) {
    const cents = Math.min(left, card.balanceCents);
    cards.push({ card, cents });
    left -= cents;
  }
  const credit = request.useStoreCredit ? await spend(tx, { userId: request.userId }, left, orderId) : 0;
  left -= credit;
  return {
    applied: {
      cards: cards.map(({ card, cents }) => ({ code: card.last4, cents })),
      storeCreditCents: credit,
      paidCents: request.dueCents - left,
    },
    cards,
  };
}

/** Another checkout took from a card between the plan and its lock: the checkout runs again (`transactionSpendingCards`). */
export class CardTakenMeanwhile extends Error {
  constructor() {
    super('A gift card paid another checkout after this one read it');
  }
}

/**
 * The plan's card entries, the checkout's last statements: every card locked (in id order) and
 * refused if voided meanwhile, then each writes its `spent` entry of exactly its planned amount,
 * checked against its balance under the lock, in one statement (`spendLocked`'s `exactly`). A card
 * with nothing left: 409 GIFT_CARD_EMPTY; one that no longer covers its amount: `CardTakenMeanwhile`.
 * 100 checkouts on one card take exactly its balance, and each holds the card's lock for two
 * statements and its commit.
 */
export async function takePlannedCards(tx: Tx, orderId: number, plan: CardPlan): Promise<void> {
  if (plan.cards.length === 0) return;
  await lockCards(
    tx,
    plan.cards.map(({ card }) => card),
  );
  for (const { card, cents } of plan.cards) {
    const { balanceCents, takenCents } = await spendLocked(tx, { cardId: card.id }, cents, orderId, { exactly: true });
    if (balanceCents <= 0) throw cardEmpty();
    if (takenCents < cents) throw new CardTakenMeanwhile();
  }
}

/** Tries of a checkout whose cards others took from meanwhile: the last takes their locks first. */
const CARD_TRIES = 3;

/**
 * Runs a checkout's transaction that spends gift cards as planned, again when another checkout
 * took from a card between the plan and its lock (the plan's amount is the order's prepaid
 * amount, and maybe its payment: undone, not corrected). The next try reads the cards anew: what
 * is left, or 409 GIFT_CARD_EMPTY. Its last try locks the cards before its plan, as a checkout
 * did before decision 0097, so that a checkout always gets its answer.
 */
export async function transactionSpendingCards<T>(
  db: Db,
  run: (tx: Tx, lockCardsFirst: boolean) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => run(tx, attempt === CARD_TRIES));
    } catch (error) {
      if (!(error instanceof CardTakenMeanwhile) || attempt >= CARD_TRIES) throw error;
    }
  }
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
