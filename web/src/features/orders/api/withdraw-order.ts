import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { CreateWithdrawalBody, Withdrawal } from '@shop/contract';
import { api, type Outcome } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { ordersKey } from './get-orders';
import { orderKey } from './get-order';

/** POST /orders/{id}/withdrawal: withdraws from the contract of one of the shopper's orders. */
export const withdrawOrder = (id: number, body: CreateWithdrawalBody) =>
  api.post<Withdrawal>(`/orders/${id}/withdrawal`, body);

/** Withdraws from an order; the order (now showing its withdrawal) and the list are read again. */
export function useWithdrawOrder() {
  const token = useToken();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number, body: CreateWithdrawalBody): Promise<Outcome & { withdrawal?: Withdrawal['withdrawal'] }> => {
      try {
        const { withdrawal } = await withdrawOrder(id, body);
        await mutate(orderKey(token, id));
        void mutate(ordersKey(token));
        return { ok: true, withdrawal };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [mutate, token],
  );
}
