import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import type { AddToCartResult } from '../api/add-to-cart';
import { CART_ERRORS, outOfStockText } from '../lib/cart-errors';

/** The toast that says how Add to Cart ended (spec sections 4 and 8). */
export function useAddToCartToast(): (result: AddToCartResult) => void {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return useCallback(
    (result) => {
      switch (result.kind) {
        case 'added':
          toast.success(t('cart.added'));
          break;
        case 'capped':
        case 'full':
          toast.warn(t('cart.maxQuantity'));
          break;
        case 'loggedOut':
          toast.info(t('cart.loginRequired'));
          break;
        case 'incomplete':
          toast.error(t('cart.incomplete'));
          break;
        case 'failed':
          toast.error(outOfStockText(result.error, t) ?? errorText(result.error, CART_ERRORS.add));
          break;
      }
    },
    [t, errorText],
  );
}
