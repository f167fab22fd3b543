import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { WishlistItem } from '@shop/contract';
import { api, isApiError } from '../../../lib/api-client';
import { WISHLIST_PATH, wishlistKey } from './get-wishlist';

/** DELETE /wishlist/{id}. An item that is already gone (another tab) counts as removed. */
export const removeFromWishlist = (id: number) =>
  api.delete(`${WISHLIST_PATH}/${id}`).catch((error: unknown) => {
    if (!(isApiError(error) && error.status === 404)) throw error;
  });

/** Removes an item optimistically; it comes back, with a message, if the server refuses. */
export function useRemoveFromWishlist(token: string | null) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();

  return useCallback(
    async (id: number): Promise<boolean> => {
      const key = wishlistKey(token);
      if (!key) return false;
      const without = (items: WishlistItem[] | undefined) => (items ?? []).filter((item) => item.id !== id);
      try {
        await mutate(key, removeFromWishlist(id), {
          optimisticData: (current: WishlistItem[] | undefined, displayed: WishlistItem[] | undefined) =>
            without(displayed ?? current),
          populateCache: (_: unknown, current: WishlistItem[] | undefined) => without(current),
          rollbackOnError: true,
          revalidate: true,
        });
        return true;
      } catch {
        toast.error(t('wishlist.removeFailed'));
        return false;
      }
    },
    [token, mutate, t],
  );
}
