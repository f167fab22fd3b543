import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AddLineBody, Size, WishlistItem } from '@shop/contract';
import { api } from '../../../lib/api-client';
import { WISHLIST_PATH, wishlistKey } from './get-wishlist';

export interface NewWishlistLine {
  productId: number;
  colorId: number | undefined;
  selectedSize: Size | undefined;
  quantity?: number;
}

/** POST /wishlist: 201 a new item, 200 when it was already there (never a duplicate). */
export const addToWishlist = (body: AddLineBody) => api.post<WishlistItem>(WISHLIST_PATH, body);

interface AddOptions {
  /** Toast after success (none when omitted). */
  successKey?: string;
  /** Toast after a failure; the spec has two wordings, one per screen. */
  failureKey?: string;
}

/**
 * Adds to the wishlist with the spec's checks: logged in, a numeric product id. The navbar
 * badge and the wishlist page update at once. Resolves to true when the item is in the list.
 */
export function useAddToWishlist(token: string | null) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();

  return useCallback(
    async (line: NewWishlistLine, { successKey, failureKey = 'wishlist.addFailed' }: AddOptions = {}) => {
      const key = wishlistKey(token);
      if (!key) {
        toast.info(t('wishlist.loginRequired'));
        return false;
      }
      if (!Number.isInteger(line.productId) || line.productId <= 0) {
        toast.error(t('wishlist.invalidProductId'));
        return false;
      }
      if (line.colorId === undefined || line.selectedSize === undefined) {
        toast.error(t(failureKey));
        return false;
      }
      try {
        const item = await addToWishlist({
          productId: line.productId,
          selectedColor: line.colorId,
          selectedSize: line.selectedSize,
          quantity: line.quantity ?? 1,
        });
        await mutate(
          key,
          (current: WishlistItem[] | undefined) => {
            const list = current ?? [];
            return list.some((i) => i.id === item.id) ? list : [...list, item];
          },
          { revalidate: true },
        );
        if (successKey) toast.success(t(successKey));
        return true;
      } catch {
        toast.error(t(failureKey));
        return false;
      }
    },
    [token, mutate, t],
  );
}
