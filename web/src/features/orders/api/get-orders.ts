import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

/** The token only separates cache entries: two shoppers on one browser never share a history. */
export const ordersKey = (token: string | null) => (token ? ([apiPath('GET /orders'), token] as const) : null);

/** The shopper's orders, newest first (GET /orders). */
export function useOrders() {
  const token = useToken();
  const { data, error } = useSWR<ApiAnswer<'GET /orders'>, ApiError>(ordersKey(token));
  return { orders: data, error };
}
