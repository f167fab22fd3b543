import useSWR from 'swr';
import type { AdminOrdersResponse } from '@shop/contract';
import { keyPath } from '../../../lib/swr-keys';
import { paramsOf, type OrderFilters } from '../lib/filters';

export const ADMIN_ORDERS_PATH = '/admin/orders';

/** One page of the orders list, filtered: newest first. */
export const adminOrdersKey = (filters: OrderFilters) => `${ADMIN_ORDERS_PATH}?${paramsOf(filters, { limit: true })}`;

/** Every cached list page and order: what an action on an order changes. */
export const isAdminOrdersKey = (key: unknown) => keyPath(key)?.startsWith(ADMIN_ORDERS_PATH) ?? false;

export function useAdminOrders(filters: OrderFilters) {
  return useSWR<AdminOrdersResponse>(adminOrdersKey(filters), { keepPreviousData: true });
}
