import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { call, type Outcome } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { ordersKey } from './get-orders';
import { orderKey } from './get-order';

/** POST /orders/{id}/cancel: drops an order that waits for payment (its stock goes back). */
export const cancelOrder = (id: number) => call('POST /orders/:id/cancel', { id });

/** Cancels one of the shopper's orders; the order and the list show the answer at once. */
export function useCancelOrder() {
  const token = useToken();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number): Promise<Outcome> => {
      try {
        const order = await cancelOrder(id);
        await mutate(orderKey(token, id), order, { revalidate: false });
        void mutate(ordersKey(token));
        return { ok: true };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [mutate, token],
  );
}
