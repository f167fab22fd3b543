import useSWR from 'swr';
import type { AdminOrder } from '@shop/contract';
import { ADMIN_ORDERS_PATH } from './get-admin-orders';

/** One order with its customer, delivery, lines and history. */
export const adminOrderKey = (id: number) => `${ADMIN_ORDERS_PATH}/${id}`;

export function useAdminOrder(id: number | null) {
  return useSWR<AdminOrder>(id === null ? null : adminOrderKey(id));
}
