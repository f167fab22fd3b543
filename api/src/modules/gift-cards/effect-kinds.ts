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
