import useSWR from 'swr';
import type { CheckoutInfo } from '@shop/contract';

export const CHECKOUT_INFO_PATH = '/checkout';

/** Which provider the pay button leads to. It only changes with the server's configuration. */
export function useCheckoutInfo() {
  const { data } = useSWR<CheckoutInfo>(CHECKOUT_INFO_PATH, { refreshInterval: 0, revalidateOnFocus: false });
  return data;
}
