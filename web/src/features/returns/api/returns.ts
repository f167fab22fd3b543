import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { CreateReturnBody, Return } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { productKey } from '../../../lib/swr-keys';

/** How often the list is read again while an approved return waits for its label (the courier makes it in a moment). */
export const LABEL_POLL_MS = 2_000;

/** An approved return whose label the courier has not made yet. */
const waitsForLabel = (each: Return) => each.status === 'approved' && each.label === null;

/** The order's returns (GET /orders/{id}/returns), newest first; read again until every approved one has its label. */
export const returnsKey = (token: string | null, orderId: number) =>
  token ? ([apiPath('GET /orders/:id/returns', { id: orderId }), token] as const) : null;

export function useOrderReturns(orderId: number) {
  const token = useToken();
  return useSWR<ApiAnswer<'GET /orders/:id/returns'>, ApiError>(returnsKey(token, orderId), {
    refreshInterval: (latest) => (latest?.data.some(waitsForLabel) ? LABEL_POLL_MS : 0),
  });
}

/** The product of a line (its colours, sizes and stock): what an exchange may ask for. */
export function useLineProduct(productId: number | null, lang: string) {
  return useSWR<ApiAnswer<'GET /products/:id'>, ApiError>(productId === null ? null : productKey(productId, lang));
}

/** POST /orders/{id}/returns/quote: what the return gives back and what its label costs. */
export const quoteReturn = (orderId: number, body: CreateReturnBody) =>
  call('POST /orders/:id/returns/quote', { id: orderId }, body);

/** POST /orders/{id}/returns; the returns and the order (its withdrawal) are read again. */
export function useRequestReturn() {
  const token = useToken();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (orderId: number, body: CreateReturnBody) => {
      const answer = await call('POST /orders/:id/returns', { id: orderId }, body);
      await mutate((key) => {
        const path = Array.isArray(key) ? key[0] : key;
        return typeof path === 'string' && new RegExp(`^/orders/${orderId}(/returns)?$`).test(path) && Boolean(token);
      });
      return answer.return;
    },
    [mutate, token],
  );
}
