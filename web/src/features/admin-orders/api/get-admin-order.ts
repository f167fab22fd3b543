import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath } from '../../../lib/api-client';

/** One order with its customer, delivery, lines and history. */
export const adminOrderKey = (id: number) => apiPath('GET /admin/orders/:id', { id });

export function useAdminOrder(id: number | null) {
  return useSWR<ApiAnswer<'GET /admin/orders/:id'>>(id === null ? null : adminOrderKey(id));
}
