import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText, type ErrorWording } from '../../../lib/error-text';
import type { AddToWishlistResult } from '../api/add-to-wishlist';

/**
 * The toast that says how adding to the wishlist ended. `failure` words a refusal (the heart's
 * or the cart's move, WISHLIST_ERRORS); `successKey` is said after it worked (none when omitted).
 */
export function useAddToWishlistToast(): (
  result: AddToWishlistResult,
  options: { failure: ErrorWording; successKey?: string },
) => void {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return useCallback(
    (result, { failure, successKey }) => {
      switch (result.kind) {
        case 'added':
          if (successKey) toast.success(t(successKey));
          break;
        case 'loggedOut':
          toast.info(t('wishlist.loginRequired'));
          break;
        case 'invalidProduct':
          toast.error(t('wishlist.invalidProductId'));
          break;
        case 'incomplete':
          toast.error(t(failure.fallback));
          break;
        case 'failed':
          toast.error(errorText(result.error, failure));
          break;
      }
    },
    [t, errorText],
  );
}
