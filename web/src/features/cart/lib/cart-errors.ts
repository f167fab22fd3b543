import type { TFunction } from 'i18next';
import type { CartItem } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import type { ErrorWording } from '../../../lib/error-text';

/**
 * A refused cart change: "the server message or Failed to update cart…" (spec section 8), with
 * the cart's own words for the answers it knows.
 */
const CHANGE_FAILED = {
  codes: {
    UNAUTHORIZED: 'cart.loginRequired',
    NOT_FOUND: 'cart.errors.gone',
    RATE_LIMITED: 'cart.errors.tooMany',
  },
  fields: {
    productId: 'cart.errors.product',
    selectedColor: 'cart.errors.color',
    selectedSize: 'cart.errors.size',
    quantity: 'cart.errors.quantity',
  },
  serverMessage: true,
} as const;

export const CART_ERRORS = {
  add: { ...CHANGE_FAILED, fallback: 'cart.addFailed' },
  update: { ...CHANGE_FAILED, fallback: 'cart.updateFailed' },
} satisfies Record<string, ErrorWording>;

/**
 * A 409 OUT_OF_STOCK in the reader's language (docs/decisions/0021): "Only N left in this size
 * and colour." or, at 0, "This size is sold out in this colour."; the answer's `available` is N.
 * Null for any other answer.
 */
export function outOfStockText(error: unknown, t: TFunction): string | null {
  if (!isApiError(error) || error.code !== 'OUT_OF_STOCK') return null;
  const left = error.available ?? 0;
  return left > 0 ? t('stock.onlyLeft', { count: left }) : t('stock.soldOut');
}

/**
 * The cart's words for a line at the shop's units limit (a setting, the spec's 99 by default,
 * decision 0031): the spec's "Maximum quantity of N reached" with the limit the shop set.
 */
export function unitsLimitText(error: unknown, t: TFunction, limit: number): string | null {
  if (!isApiError(error) || error.code !== 'MAX_QUANTITY') return null;
  return limitReachedText(t, limit);
}

/** "Maximum quantity of 99 reached", or of the shop's lower limit. */
export const limitReachedText = (t: TFunction, limit: number) => t('cart.maxQuantity', { max: limit });

/** A line above what is left of its colour and size: the checkout refuses it. */
export const isOverStock = (item: CartItem) => item.available !== null && item.quantity > item.available;
