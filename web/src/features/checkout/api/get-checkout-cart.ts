import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import type { ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { cartKey } from '../../../lib/swr-keys';
import { useLanguage } from '../../../lib/use-language';

const EMPTY: ApiAnswer<'GET /cart'> = [];

/** GET /cart under the cart screens' key, so the checkout summary and the cart read one cache entry. */
export function useCheckoutCart() {
  const token = useToken();
  const lang = useLanguage();
  const { data, error } = useSWR<ApiAnswer<'GET /cart'>, ApiError>(cartKey(token, lang));
  return {
    items: Array.isArray(data) ? data : EMPTY,
    hasLoaded: Array.isArray(data) || Boolean(error),
  };
}
