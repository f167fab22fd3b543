import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

/** The order's documents (GET /orders/{id}/documents): its shopper's or an admin's; fresh links each time. */
export const documentsKey = (token: string | null, orderId: number) =>
  token ? ([apiPath('GET /orders/:id/documents', { id: orderId }), token] as const) : null;

export function useOrderDocuments(orderId: number, enabled = true) {
  const token = useToken();
  return useSWR<ApiAnswer<'GET /orders/:id/documents'>, ApiError>(enabled ? documentsKey(token, orderId) : null);
}
