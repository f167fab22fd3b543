import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { AddLineBody, Size, WishlistItem } from '@shop/contract';
import { call } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { wishlistKey } from './get-wishlist';

export interface NewWishlistLine {
  productId: number;
  colorId: number | undefined;
  selectedSize: Size | undefined;
  quantity?: number;
}

/** POST /wishlist: 201 a new item, 200 when it was already there (never a duplicate). */
export const addToWishlist = (body: AddLineBody) => call('POST /wishlist', {}, body);

/**
 * How adding to the wishlist ended: `added` (or already there); nothing sent because the
 * shopper is `loggedOut`, the product id is not one (`invalidProduct`) or the size or colour is
 * missing (`incomplete`); or `failed` with the api's error.
 */
export type AddToWishlistResult =
  { kind: 'added' | 'loggedOut' | 'invalidProduct' | 'incomplete' } | { kind: 'failed'; error: unknown };

/**
 * Adds to the wishlist with the spec's checks: logged in, a numeric product id, a size and a
 * colour. The navbar badge and the wishlist page update at once.
 */
export function useAddToWishlist() {
  const token = useToken();
  const { mutate } = useSWRConfig();

  return useCallback(
    async (line: NewWishlistLine): Promise<AddToWishlistResult> => {
      const key = wishlistKey(token);
      if (!key) return { kind: 'loggedOut' };
      if (!Number.isInteger(line.productId) || line.productId <= 0) return { kind: 'invalidProduct' };
      if (line.colorId === undefined || line.selectedSize === undefined) return { kind: 'incomplete' };
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
        return { kind: 'added' };
      } catch (error) {
        return { kind: 'failed', error };
      }
    },
    [token, mutate],
  );
}
