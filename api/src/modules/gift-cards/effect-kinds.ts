import { z } from 'zod';
import { at } from '../../platform/outbox/timed.js';
import { effectKind } from '../../platform/outbox/declare.js';

const card = z.object({ cardId: z.number().int() });

/** The card to its recipient, with its code and a printable PDF: due at the send date (decision 0052). */
export const GIFT_CARD_MAIL = effectKind('mail.gift-card', card);
/** The purchase's confirmation to the buyer (not a sale document: a multi-purpose voucher's sale is no supply). */
export const GIFT_CARD_PURCHASE_MAIL = effectKind('mail.gift-card.purchase', card);

/** The recipient's mail, due at `sendAt` (now when null), written once per card. */
export const recipientMail = (cardId: number, sendAt: Date | null) =>
  at(GIFT_CARD_MAIL, sendAt ?? new Date(), { cardId }, { id: cardId });

/** The reminder to the recipient 30 days before the card expires (a service mail), while something is left. */
export const GIFT_CARD_EXPIRY_MAIL = effectKind('mail.gift-card.expiry', card);
/** The card's expiry: what is left goes in an `expired` entry (its balance is 0 from then on). */
export const GIFT_CARD_EXPIRE = effectKind('gift-card.expire', card);

const REMINDER_DAYS = 30;

/** A new card's timed effects: the reminder 30 days before its expiry, and the expiry itself. */
export const expiryEffects = (cardId: number, expiresAt: Date) => [
  at(GIFT_CARD_EXPIRY_MAIL, new Date(expiresAt.getTime() - REMINDER_DAYS * 86_400_000), { cardId }, { id: cardId }),
  at(GIFT_CARD_EXPIRE, expiresAt, { cardId }, { id: cardId }),
];
