import useSWR from 'swr';
import type { CartItem, Language } from '@shop/contract';
import { useLanguage } from '../../../lib/use-language';

/**
 * GET /cart, keyed exactly as the cart screens key it (path with language, then the token), so
 * the checkout summary and the cart read one cache entry.
 */
export const checkoutCartKey = (token: string | null, lang: Language) =>
  token ? ([`/cart?lang=${lang}`, token] as const) : null;

/** Every cached cart, whatever its language or session: what a payment or checkout changes. */
export const isCartKey = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/cart');

const EMPTY: CartItem[] = [];

export function useCheckoutCart(token: string | null) {
  const lang = useLanguage();
  const { data, error } = useSWR<CartItem[]>(checkoutCartKey(token, lang));
  return {
    items: Array.isArray(data) ? data : EMPTY,
    hasLoaded: Array.isArray(data) || Boolean(error),
  };
}
