import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { GIFT_CARD_MAIL, GIFT_CARD_PURCHASE_MAIL } from './effect-kinds.js';
import { mailCardToRecipient, mailPurchaseToBuyer, type GiftCardMailDeps } from './mail.js';

/** The gift cards' effects: the card to its recipient at its send date, the purchase's confirmation to the buyer. */
export function giftCardEffectHandlers(deps: GiftCardMailDeps): Record<string, EffectHandler> {
  return {
    ...handle(GIFT_CARD_MAIL, ({ cardId }) => mailCardToRecipient(deps, cardId)),
    ...handle(GIFT_CARD_PURCHASE_MAIL, ({ cardId }) => mailPurchaseToBuyer(deps, cardId)),
  };
}
