import useSWR from 'swr';
import type { Order } from '@shop/contract';

/** The token only separates cache entries: two shoppers on one browser never share a history. */
export const ordersKey = (token: string | null) => (token ? (['/orders', token] as const) : null);

/** The shopper's orders, newest first (GET /orders). */
export function useOrders(token: string | null) {
  const { data, error } = useSWR<Order[]>(ordersKey(token));
  return { orders: data, error: error as unknown };
}
