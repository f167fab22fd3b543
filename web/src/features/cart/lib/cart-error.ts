import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client';

/**
 * The shopper's words for a failed cart call: the known server answers translated, anything
 * else the given fallback (never the server's English text in a Bulgarian shop).
 */
export function cartErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  if (!isApiError(error)) return t(fallbackKey);
  if (error.code === 'MAX_QUANTITY') return t('cart.maxQuantity');
  if (error.status === 401) return t('cart.loginRequired');
  if (error.status === 404) return t('cart.errors.gone');
  if (error.status === 429) return t('cart.errors.tooMany');
  if (error.status === 400) {
    if (error.fields.productId) return t('cart.errors.product');
    if (error.fields.selectedColor) return t('cart.errors.color');
    if (error.fields.selectedSize) return t('cart.errors.size');
    if (error.fields.quantity) return t('cart.errors.quantity');
  }
  return t(fallbackKey);
}
