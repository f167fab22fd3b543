import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { WishlistItem } from '@shop/contract';
import { call, isApiError, type Outcome } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { wishlistKey } from './get-wishlist';

/** DELETE /wishlist/{id}. An item that is already gone (another tab) counts as removed. */
export const removeFromWishlist = (id: number) =>
  call('DELETE /wishlist/:id', { id }).catch((error: unknown) => {
    if (!(isApiError(error) && error.status === 404)) throw error;
  });

/** Removes an item optimistically; it comes back if the server refuses. */
export function useRemoveFromWishlist() {
  const token = useToken();
  const { mutate } = useSWRConfig();

  return useCallback(
    async (id: number): Promise<Outcome> => {
      const key = wishlistKey(token);
      if (!key) return { ok: false, error: null };
      const without = (items: WishlistItem[] | undefined) => (items ?? []).filter((item) => item.id !== id);
      try {
        await mutate(key, removeFromWishlist(id), {
          optimisticData: (current: WishlistItem[] | undefined, displayed: WishlistItem[] | undefined) =>
            without(displayed ?? current),
          populateCache: (_: unknown, current: WishlistItem[] | undefined) => without(current),
          rollbackOnError: true,
          revalidate: true,
        });
        return { ok: true };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [token, mutate],
  );
}
