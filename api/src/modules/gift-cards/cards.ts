import type { GiftCardStatus } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { giftCards } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { codeHash, newCode, normalizeCode } from './codes.js';
import { balanceCents, writeEntry } from './ledger.js';
import { countedTry, type Limiter } from '../../platform/security/limiter.js';
import { clientKey } from '../../platform/security/client-key.js';

export interface NewCard {
  amountCents: number;
  currency: string;
  expiresAt: Date;
  buyerId: number | null;
  recipientName: string;
  recipientEmail: string;
  message?: string | null | undefined;
  lang: 'en' | 'bg';
  sendAt?: Date | null | undefined;
  paymentProvider?: string | null | undefined;
  paymentSessionId?: string | null | undefined;
}

export type CardRow = typeof giftCards.$inferSelect;

/** A card of a new code, `pending` (a purchase not paid yet) or `active` with its `issued` entry. */
export async function createCard(tx: Tx, card: NewCard, status: Extract<GiftCardStatus, 'pending' | 'active'>) {
  const code = newCode();
  const [row] = await tx
    .insert(giftCards)
    .values({
      ...card,
      code,
      codeHash: codeHash(code),
      last4: code.slice(-4),
      status,
      paidAt: status === 'active' ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('gift card insert returned nothing');
  if (status === 'active') await writeEntry(tx, { cardId: row.id }, { kind: 'issued', cents: card.amountCents });
  return row;
}

/** A pending card whose purchase was paid: active, its amount issued. Answers false when it was not pending. */
export async function activateCard(tx: Tx, cardId: number): Promise<boolean> {
  const [row] = await tx.select().from(giftCards).where(eq(giftCards.id, cardId)).for('update');
  if (!row || row.status !== 'pending') return false;
  await tx.update(giftCards).set({ status: 'active', paidAt: new Date() }).where(eq(giftCards.id, cardId));
  await writeEntry(tx, { cardId }, { kind: 'issued', cents: row.amountCents });
  return true;
}

const notFound = () => new AppError('GIFT_CARD_NOT_FOUND', 'No gift card has this code. Check it and try again.');

/** Wrong gift card codes one client may try a minute: the balance check, the quote and the checkout together. */
const WRONG_CARD_CODES_PER_MINUTE = 10;

/**
 * Runs `use` for a client who typed gift card codes (`ip`: its address, counted by `clientKey`, so
 * an IPv6 client by its /64), counting the try: only a code no card has counts, and the eleventh
 * wrong one in a minute is refused with 429 before any code is looked at (YEAR.md section 3).
 */
export const countedCardTry = <T>(limiter: Limiter, ip: string, use: () => Promise<T>): Promise<T> =>
  countedTry(limiter, `gift-card-codes:${clientKey(ip)}`, WRONG_CARD_CODES_PER_MINUTE, CARD_REFUSALS, use);
const CARD_REFUSALS = new Set(['GIFT_CARD_NOT_FOUND']);

/** The card a typed code names (any case, spaces, hyphens), or 404 GIFT_CARD_NOT_FOUND; an unpaid card is unknown. */
export async function cardByCode(db: Db | Tx, input: string): Promise<CardRow> {
  const code = normalizeCode(input);
  if (!code) throw notFound();
  const [row] = await db
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, codeHash(code)));
  if (!row || row.status === 'pending') throw notFound();
  return row;
}

/**
 * What a card holds and until when (the balance check): a voided card holds nothing. The card and
 * the sum of its entries in one statement: a shopper's answer waits for one round trip, not two.
 */
export async function cardBalance(db: Db | Tx, input: string) {
  const code = normalizeCode(input);
  if (!code) throw notFound();
  const [card] = await db
    .select({
      status: giftCards.status,
      currency: giftCards.currency,
      expiresAt: giftCards.expiresAt,
      // Written out: drizzle names a one-table select's columns without their table, and the
      // inner `id` would be the entry's.
      cents: sql<number>`coalesce((select sum(l.cents) from ledger_entries l where l.card_id = gift_cards.id), 0)::int`,
    })
    .from(giftCards)
    .where(eq(giftCards.codeHash, codeHash(code)));
  if (!card || card.status === 'pending') throw notFound();
  const balance = card.status === 'voided' ? 0 : Number(card.cents);
  return { balance, currency: card.currency, expiresAt: card.expiresAt.toISOString() };
}

/** A card past its expiry, or with nothing left (a voided card too): 409. */
const cardExpired = () => new AppError('GIFT_CARD_EXPIRED', 'This gift card has expired.');
export const cardEmpty = () => new AppError('GIFT_CARD_EMPTY', 'Nothing is left on this gift card.');

/**
 * Refuses a card that cannot pay whatever its balance: 409 GIFT_CARD_EXPIRED past its expiry, 409
 * GIFT_CARD_EMPTY when voided.
 */
export function refuseClosedCard(card: Pick<CardRow, 'expiresAt' | 'status'>, now = new Date()): void {
  if (card.expiresAt <= now) throw cardExpired();
  if (card.status === 'voided') throw cardEmpty();
}

/**
 * The card's balance if it can pay now: 409 GIFT_CARD_EXPIRED past its expiry, 409
 * GIFT_CARD_EMPTY when nothing is left (a voided card too).
 */
export async function spendableCents(db: Db | Tx, card: CardRow, now = new Date()): Promise<number> {
  refuseClosedCard(card, now);
  const balance = await balanceCents(db, { cardId: card.id });
  if (balance <= 0) throw cardEmpty();
  return balance;
}
