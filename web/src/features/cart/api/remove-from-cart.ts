import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { CartItem } from '@shop/contract';
import { call, isApiError, type Outcome } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { cartKey } from '../../../lib/swr-keys';
import { useLanguage } from '../../../lib/use-language';

/** DELETE /cart/{id}. A line that is already gone (another tab) counts as removed. */
export const removeFromCart = (cartItemId: number) =>
  call('DELETE /cart/:cartItemId', { cartItemId }).catch((error: unknown) => {
    if (!(isApiError(error) && error.status === 404)) throw error;
  });

/**
 * Removes a line optimistically: it leaves every cart view at once and comes back if the
 * server refuses.
 */
export function useRemoveFromCart() {
  const token = useToken();
  const lang = useLanguage();
  const { mutate } = useSWRConfig();

  return useCallback(
    async (cartItemId: number): Promise<Outcome> => {
      const key = cartKey(token, lang);
      if (!key) return { ok: false, error: null };
      const without = (items: CartItem[] | undefined) => (items ?? []).filter((item) => item.cartItemId !== cartItemId);
      try {
        await mutate(key, removeFromCart(cartItemId), {
          optimisticData: (current: CartItem[] | undefined, displayed: CartItem[] | undefined) =>
            without(displayed ?? current),
          populateCache: (_: unknown, current: CartItem[] | undefined) => without(current),
          rollbackOnError: true,
          revalidate: true,
        });
        return { ok: true };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [token, lang, mutate],
  );
}
