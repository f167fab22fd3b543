import useSWR from 'swr';
import type { CartItem } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import type { ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { cartKey } from '../../../lib/swr-keys';
import { useLanguage } from '../../../lib/use-language';

const EMPTY: CartItem[] = [];

/**
 * The signed-in shopper's cart in the shop's language (the server names the lines). Logged out,
 * or when the load fails, the cart is empty and nothing is shown.
 */
export function useCart() {
  const token = useToken();
  const lang = useLanguage();
  const { data, error, isLoading } = useSWR<ApiAnswer<'GET /cart'>, ApiError>(cartKey(token, lang));
  const items = token && !error && Array.isArray(data) ? data : EMPTY;
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return { items, count, isLoading: Boolean(token) && isLoading, hasLoaded: Array.isArray(data) || Boolean(error) };
}
