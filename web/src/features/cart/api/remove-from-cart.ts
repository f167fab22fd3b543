import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { CartItem } from '@shop/contract';
import { api, isApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { CART_PATH, cartKey } from './get-cart';

/** DELETE /cart/{id}. A line that is already gone (another tab) counts as removed. */
export const removeFromCart = (cartItemId: number) =>
  api.delete(`${CART_PATH}/${cartItemId}`).catch((error: unknown) => {
    if (!(isApiError(error) && error.status === 404)) throw error;
  });

/**
 * Removes a line optimistically: it leaves every cart view at once and comes back, with
 * "Failed to remove from cart.", if the server refuses. Resolves to true when it is gone.
 */
export function useRemoveFromCart(token: string | null) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { mutate } = useSWRConfig();

  return useCallback(
    async (cartItemId: number): Promise<boolean> => {
      const key = cartKey(token, lang);
      if (!key) return false;
      const without = (items: CartItem[] | undefined) => (items ?? []).filter((item) => item.cartItemId !== cartItemId);
      try {
        await mutate(key, removeFromCart(cartItemId), {
          optimisticData: (current: CartItem[] | undefined, displayed: CartItem[] | undefined) =>
            without(displayed ?? current),
          populateCache: (_: unknown, current: CartItem[] | undefined) => without(current),
          rollbackOnError: true,
          revalidate: true,
        });
        return true;
      } catch {
        toast.error(t('cart.removeFailed'));
        return false;
      }
    },
    [token, lang, mutate, t],
  );
}
