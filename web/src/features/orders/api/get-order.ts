import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

/** One of the shopper's orders (GET /orders/{id}); the token only separates cache entries. */
export const orderKey = (token: string | null, id: number | null) =>
  token && id !== null ? ([apiPath('GET /orders/:id', { id }), token] as const) : null;

/** Order ids are positive integers; anything else cannot exist, so it is never requested. */
export function parseOrderId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** One order of the signed-in shopper. */
export function useOrder(id: number | null) {
  const token = useToken();
  const { data, error, isLoading, mutate } = useSWR<ApiAnswer<'GET /orders/:id'>, ApiError>(orderKey(token, id));
  return { order: data, error, isLoading, mutate, token };
}
