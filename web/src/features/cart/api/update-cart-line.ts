import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { CartItem, Language } from '@shop/contract';
import { call, type Outcome } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { cartKey } from '../../../lib/swr-keys';
import { useLanguage } from '../../../lib/use-language';

/** PATCH /cart/{id}: set a line's quantity (1..99). */
export const updateCartLine = (cartItemId: number, quantity: number, lang: Language) =>
  call('PATCH /cart/:cartItemId', { cartItemId, lang }, { quantity });

/**
 * Changes a line's quantity at once on screen (bubble, preview, totals), then on the server;
 * a refused change is rolled back and the server's cart shown again. Rapid changes are safe:
 * SWR keeps the result of the latest one only.
 */
export function useUpdateCartLine() {
  const token = useToken();
  const lang = useLanguage();
  const { mutate } = useSWRConfig();

  return useCallback(
    async (cartItemId: number, quantity: number): Promise<Outcome> => {
      const key = cartKey(token, lang);
      if (!key) return { ok: true };
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
        return { ok: true };
      } catch (error) {
        void mutate(key);
        return { ok: false, error };
      }
    },
    [token, lang, mutate],
  );
}
