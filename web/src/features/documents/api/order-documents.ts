import useSWR from 'swr';
import type { OrderDocument } from '@shop/contract';
import type { ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

/** The order's documents (GET /orders/{id}/documents): its shopper's or an admin's; fresh links each time. */
export const documentsKey = (token: string | null, orderId: number) =>
  token ? ([`/orders/${orderId}/documents`, token] as const) : null;

export function useOrderDocuments(orderId: number, enabled = true) {
  const token = useToken();
  return useSWR<OrderDocument[], ApiError>(enabled ? documentsKey(token, orderId) : null);
}
