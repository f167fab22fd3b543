import { createElement, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import type { AddToCartResult } from '../api/add-to-cart';
import { useUnitsLimit } from '../../../lib/settings';
import { LoginRequiredToast } from './login-required-toast';
import { CART_ERRORS, limitReachedText, outOfStockText, unitsLimitText } from '../lib/cart-errors';

/** The toast that says how Add to Cart ended (spec sections 4 and 8); logged out, with a link to log in and come back. */
export function useAddToCartToast(): (result: AddToCartResult) => void {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const limit = useUnitsLimit();
  return useCallback(
    (result) => {
      switch (result.kind) {
        case 'added':
          toast.success(t('cart.added'));
          break;
        case 'capped':
        case 'full':
          toast.warn(limitReachedText(t, limit));
          break;
        case 'loggedOut':
          toast.info(createElement(LoginRequiredToast));
          break;
        case 'incomplete':
          toast.error(t('cart.incomplete'));
          break;
        case 'failed':
          toast.error(
            unitsLimitText(result.error, t, limit) ??
              outOfStockText(result.error, t) ??
              errorText(result.error, CART_ERRORS.add),
          );
          break;
      }
    },
    [t, errorText, limit],
  );
}
