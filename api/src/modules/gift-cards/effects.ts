import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { GIFT_CARD_EXPIRE, GIFT_CARD_EXPIRY_MAIL, GIFT_CARD_MAIL, GIFT_CARD_PURCHASE_MAIL } from './effect-kinds.js';
import { expireCard, remindOfExpiry } from './expiry.js';
import { mailCardToRecipient, mailPurchaseToBuyer, type GiftCardMailDeps } from './mail.js';

/** The gift cards' effects: the card to its recipient at its send date, the purchase's confirmation to the buyer. */
export function giftCardEffectHandlers(deps: GiftCardMailDeps): Record<string, EffectHandler> {
  return {
    ...handle(GIFT_CARD_MAIL, ({ cardId }) => mailCardToRecipient(deps, cardId)),
    ...handle(GIFT_CARD_PURCHASE_MAIL, ({ cardId }) => mailPurchaseToBuyer(deps, cardId)),
    ...handle(GIFT_CARD_EXPIRY_MAIL, ({ cardId }) => remindOfExpiry(deps, cardId)),
    ...handle(GIFT_CARD_EXPIRE, ({ cardId }) => expireCard(deps, cardId)),
  };
}
