import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath } from '../../../lib/api-client';
import { keyPath } from '../../../lib/swr-keys';
import { queryOf, type OrderFilters } from '../lib/filters';

export const ADMIN_ORDERS_PATH = apiPath('GET /admin/orders');

/** One page of the orders list, filtered: newest first. */
export const adminOrdersKey = (filters: OrderFilters) =>
  apiPath('GET /admin/orders', queryOf(filters, { limit: true }));

/** Every cached list page and order: what an action on an order changes. */
export const isAdminOrdersKey = (key: unknown) => keyPath(key)?.startsWith(ADMIN_ORDERS_PATH) ?? false;

export function useAdminOrders(filters: OrderFilters) {
  return useSWR<ApiAnswer<'GET /admin/orders'>>(adminOrdersKey(filters), { keepPreviousData: true });
}
