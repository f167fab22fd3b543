import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath } from '../../../lib/api-client';

export const CHECKOUT_INFO_PATH = apiPath('GET /checkout');

/** Which provider the pay button leads to. It only changes with the server's configuration. */
export function useCheckoutInfo() {
  const { data } = useSWR<ApiAnswer<'GET /checkout'>>(CHECKOUT_INFO_PATH, {
    refreshInterval: 0,
    revalidateOnFocus: false,
  });
  return data;
}
