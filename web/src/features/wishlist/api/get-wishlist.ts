import useSWR from 'swr';
import type { WishlistItem } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

export const WISHLIST_PATH = apiPath('GET /wishlist');
/** Items carry every translation, so one cache entry per session serves both languages. */
export const wishlistKey = (token: string | null) => (token ? ([WISHLIST_PATH, token] as const) : null);

const EMPTY: WishlistItem[] = [];

/**
 * The signed-in shopper's wishlist; empty when logged out or when the load fails (silently).
 * `refreshInterval` overrides the app's polling (the wishlist page refreshes every 3 s); the
 * server answers an unchanged list with 304, so polling costs no body.
 */
export function useWishlist(options: { refreshInterval?: number } = {}) {
  const token = useToken();
  const { data, error, isLoading } = useSWR<ApiAnswer<'GET /wishlist'>, ApiError>(wishlistKey(token), options);
  const items = token && !error && Array.isArray(data) ? data : EMPTY;
  return { items, count: items.length, isLoading, hasLoaded: Array.isArray(data) || Boolean(error) };
}
