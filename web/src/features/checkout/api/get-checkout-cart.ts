import useSWR from 'swr';
import type { CartItem } from '@shop/contract';
import type { ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { cartKey } from '../../../lib/swr-keys';
import { useLanguage } from '../../../lib/use-language';

const EMPTY: CartItem[] = [];

/** GET /cart under the cart screens' key, so the checkout summary and the cart read one cache entry. */
export function useCheckoutCart() {
  const token = useToken();
  const lang = useLanguage();
  const { data, error } = useSWR<CartItem[], ApiError>(cartKey(token, lang));
  return {
    items: Array.isArray(data) ? data : EMPTY,
    hasLoaded: Array.isArray(data) || Boolean(error),
  };
}
