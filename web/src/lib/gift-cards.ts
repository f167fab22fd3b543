import { isApiError } from './api-client';

/**
 * Gift card codes as the shopper types them (decision 0055): any case, spaces and hyphens, with
 * Crockford's look-alikes (I and L for 1, O for 0). The server reads them the same way; this copy
 * only tells a typo from a code before asking, and the same card typed twice.
 */
const ALPHABET = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** The code normalized, or null when it cannot be one. */
export function normalizeGiftCardCode(input: string): string | null {
  const code = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return ALPHABET.test(code) ? code : null;
}

/** `•••• PQRS`: how a card is shown once it is applied (its last four). */
export const maskedGiftCard = (last4: string): string => `•••• ${last4.slice(-4)}`;

/** The refusals of a gift card (YEAR.md section 3): said beside the gift card field, not in a toast. */
const GIFT_CARD_REFUSALS = ['GIFT_CARD_NOT_FOUND', 'GIFT_CARD_EXPIRED', 'GIFT_CARD_EMPTY'] as const;
export type GiftCardRefusal = (typeof GIFT_CARD_REFUSALS)[number];

export const isGiftCardRefusal = (error: unknown): boolean =>
  isApiError(error) && (GIFT_CARD_REFUSALS as readonly string[]).includes(error.code);

/** The locale key of what to say about a refused card. */
export const giftCardErrorKey = (error: unknown): string =>
  isGiftCardRefusal(error) && isApiError(error)
    ? `giftCards.errors.${error.code}`
    : isApiError(error) && error.status === 429
      ? 'giftCards.errors.RATE_LIMITED'
      : 'giftCards.errors.failed';
