import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { ApiAnswer, ApiBody } from '@shop/contract/api-routes';
import { call, type Outcome } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { ordersKey } from './get-orders';
import { orderKey } from './get-order';

type WithdrawalBody = ApiBody<'POST /orders/:id/withdrawal'>;
type WithdrawalAnswer = ApiAnswer<'POST /orders/:id/withdrawal'>;

/** POST /orders/{id}/withdrawal: withdraws from the contract of one of the shopper's orders. */
export const withdrawOrder = (id: number, body: WithdrawalBody) => call('POST /orders/:id/withdrawal', { id }, body);

/** Withdraws from an order; the order (now showing its withdrawal) and the list are read again. */
export function useWithdrawOrder() {
  const token = useToken();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number, body: WithdrawalBody): Promise<Outcome & { withdrawal?: WithdrawalAnswer['withdrawal'] }> => {
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
