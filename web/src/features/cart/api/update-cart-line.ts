import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { CartItem, Language, UpdateCartLineBody } from '@shop/contract';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { cartErrorMessage } from '../lib/cart-error';
import { CART_PATH, cartKey } from './get-cart';

/** PATCH /cart/{id}: set a line's quantity (1..99). */
export const updateCartLine = (cartItemId: number, quantity: number, lang: Language) =>
  api.patch<CartItem>(`${CART_PATH}/${cartItemId}?lang=${lang}`, { quantity } satisfies UpdateCartLineBody);

/**
 * Changes a line's quantity at once on screen (bubble, preview, totals), then on the server;
 * a refused change is rolled back and explained. Rapid changes are safe: SWR keeps the result
 * of the latest one only.
 */
export function useUpdateCartLine(token: string | null) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { mutate } = useSWRConfig();

  return useCallback(
    async (cartItemId: number, quantity: number): Promise<void> => {
      const key = cartKey(token, lang);
      if (!key) return;
      const withQuantity = (items: CartItem[] | undefined) =>
        (items ?? []).map((item) => (item.cartItemId === cartItemId ? { ...item, quantity } : item));
      try {
        await mutate(key, updateCartLine(cartItemId, quantity, lang), {
          optimisticData: (current: CartItem[] | undefined, displayed: CartItem[] | undefined) =>
            withQuantity(displayed ?? current),
          populateCache: (updated: CartItem, current: CartItem[] | undefined) =>
            (current ?? []).map((item) => (item.cartItemId === updated.cartItemId ? updated : item)),
          rollbackOnError: true,
          revalidate: false,
        });
      } catch (error) {
        toast.error(cartErrorMessage(error, t, 'cart.updateFailed'));
        void mutate(key);
      }
    },
    [token, lang, mutate, t],
  );
}
