import type { GiftCardCheckoutBodySchema } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { giftCards, shopSettings } from '../../db/schema.js';
import { AppError, DependencyError } from '../../lib/errors.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { dayIn, wallClock } from '../../platform/outbox/timed.js';
import type { PaymentEvent, PaymentProvider } from '../../platform/payments/index.js';
import { activateCard, createCard, type CardRow } from './cards.js';
import { expiryEffects, GIFT_CARD_PURCHASE_MAIL, recipientMail } from './effect-kinds.js';

const SHOP_ZONE = 'Europe/Sofia';
/** `giftCards.validityMonths` until the owner sets it. */
const DEFAULT_VALIDITY_MONTHS = 24;
/** The hour of the send date the recipient's mail goes at, on the shop's clocks. */
const SEND_HOUR = 9;

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

/** `months` calendar months after `from`. */
export function monthsAfter(from: Date, months: number): Date {
  const result = new Date(from);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/**
 * When the recipient's mail goes: 09:00 in Sofia on the chosen day, or at once (null) without a
 * day or when that hour of today has passed. A day before today or more than a year ahead: 400.
 */
export function sendTime(day: string | undefined, now = new Date()): Date | null {
  if (!day) return null;
  const message = 'Choose a send date from today to a year ahead.';
  const parsed = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) throw invalid('sendAt', message);
  if (day < dayIn(now, SHOP_ZONE) || day > dayIn(monthsAfter(now, 12), SHOP_ZONE)) throw invalid('sendAt', message);
  const at = wallClock(day, SEND_HOUR, SHOP_ZONE);
  return at > now ? at : null;
}

export interface Buyer {
  id: number;
  email: string;
}

const CARD_LINE = { en: 'Gift card', bg: 'Подаръчна карта' } as const;

/**
 * A gift card bought by a signed-in shopper: a `pending` card (unknown to every look-up until it
 * is paid) and the provider's session for its amount, never cash on delivery. Answers the page to
 * pay on. Paid, `applyGiftCardPayment` issues it.
 */
export async function startGiftCardPurchase(
  db: Db,
  provider: PaymentProvider,
  buyer: Buyer,
  body: z.output<typeof GiftCardCheckoutBodySchema>,
  currency: string,
): Promise<{ url: string }> {
  if (!provider.takesNewPayments) {
    throw new AppError('CONFLICT', 'Card payments are switched off: gift cards cannot be bought now.');
  }
  const sendAt = sendTime(body.sendAt);
  const [settings] = await db
    .select({ validityMonths: shopSettings.giftCardValidityMonths })
    .from(shopSettings)
    .limit(1);
  const now = new Date();
  const reserved = provider.reserveSession?.() ?? null;
  const card = await db.transaction((tx) =>
    createCard(
      tx,
      {
        amountCents: body.amount,
        currency,
        expiresAt: monthsAfter(now, settings?.validityMonths ?? DEFAULT_VALIDITY_MONTHS),
        buyerId: buyer.id,
        recipientName: body.recipientName,
        recipientEmail: body.recipientEmail,
        message: body.message ?? null,
        lang: body.lang,
        sendAt,
        paymentProvider: provider.name,
        paymentSessionId: reserved?.sessionId ?? null,
      },
      'pending',
    ),
  );
  if (reserved) return { url: reserved.url };
  try {
    const session = await provider.createSession({
      id: card.id,
      createdAt: card.createdAt,
      currency,
      totalCents: card.amountCents,
      locale: body.lang,
      email: buyer.email,
      expiresAt: new Date(now.getTime() + provider.sessionLifetimeMs),
      items: [
        {
          name: CARD_LINE[body.lang],
          colorName: '',
          colorNameBg: '',
          size: '',
          unitPriceCents: card.amountCents,
          quantity: 1,
          discountCents: 0,
          imageUrl: '',
        },
      ],
      giftCard: true,
    });
    await db.update(giftCards).set({ paymentSessionId: session.sessionId }).where(eq(giftCards.id, card.id));
    return { url: session.url };
  } catch (error) {
    // No session: the card never existed as far as the buyer is concerned.
    await db.delete(giftCards).where(eq(giftCards.id, card.id));
    throw Object.assign(
      new DependencyError('payments', 'The payment provider is not available right now. Please try again later.'),
      { cause: error },
    );
  }
}

/** The card a provider session paid for (any status), locked. */
export async function lockCardBySession(tx: Tx, provider: string, sessionId: string): Promise<CardRow | null> {
  const [card] = await tx.select().from(giftCards).where(eq(giftCards.paymentSessionId, sessionId)).for('update');
  return card && card.paymentProvider === provider ? card : null;
}

export type GiftCardPaymentResult =
  { result: 'issued' | 'unchanged'; cardId: number } | { result: 'mismatch'; cardId: number; problems: string[] };

/**
 * A provider's event for a gift card's session, in the payment's transaction: a payment of its
 * amount and currency issues the card once (a second event, or the same one twice, finds it
 * active), writes the recipient's mail due at the send date and the buyer's confirmation. No VAT,
 * no sale document, no invoice: a multi-purpose voucher's sale is not a supply (decision 0055).
 */
export async function applyGiftCardPayment(tx: Tx, card: CardRow, event: PaymentEvent): Promise<GiftCardPaymentResult> {
  if (event.outcome !== 'paid') return { result: 'unchanged', cardId: card.id };
  const problems: string[] = [];
  if (event.amountCents !== card.amountCents)
    problems.push(`amount ${String(event.amountCents)} ≠ ${card.amountCents}`);
  if (event.currency?.toUpperCase() !== card.currency.toUpperCase()) {
    problems.push(`currency ${String(event.currency)} ≠ ${card.currency}`);
  }
  if (problems.length > 0) return { result: 'mismatch', cardId: card.id, problems };
  if (!(await activateCard(tx, card.id))) return { result: 'unchanged', cardId: card.id };
  await enqueue(tx, [
    recipientMail(card.id, card.sendAt),
    ...expiryEffects(card.id, card.expiresAt),
    GIFT_CARD_PURCHASE_MAIL.effect({ cardId: card.id }, { id: card.id }),
  ]);
  return { result: 'issued', cardId: card.id };
}
