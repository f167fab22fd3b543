import useSWR from 'swr';
import type { CartItem, Language } from '@shop/contract';
import { useLanguage } from '../../../lib/use-language';

export const CART_PATH = '/cart';

/**
 * The cart of one session in one language (names come translated from the server). The token
 * only separates cache entries, so two users never share a cart.
 */
export const cartKey = (token: string | null, lang: Language) =>
  token ? ([`${CART_PATH}?lang=${lang}`, token] as const) : null;

const EMPTY: CartItem[] = [];

/**
 * The signed-in shopper's cart. The caller passes the session token (features do not import
 * each other). Logged out, or when the load fails, the cart is empty and nothing is shown.
 */
export function useCart(token: string | null) {
  const lang = useLanguage();
  const { data, error, isLoading } = useSWR<CartItem[]>(cartKey(token, lang));
  const items = token && !error && Array.isArray(data) ? data : EMPTY;
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return { items, count, isLoading: Boolean(token) && isLoading, hasLoaded: Array.isArray(data) || Boolean(error) };
}
