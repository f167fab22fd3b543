import { useCallback } from 'react';
import useSWR from 'swr';
import type { CreateStockAlertBody, Language } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError, type Outcome } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';

/** The signed-in shopper's back-in-stock alerts in one language (the token only separates cache entries). */
export const stockAlertsKey = (token: string | null, lang: Language) =>
  token ? ([apiPath('GET /stock-alerts', { lang }), token] as const) : null;

/**
 * The sold-out sizes the shopper waits for (GET /stock-alerts), with the ways to ask for one more
 * (POST) or stop waiting (DELETE /stock-alerts/{id}). Each change refreshes the list.
 */
export function useStockAlerts() {
  const token = useToken();
  const lang = useLanguage();
  const { data, mutate } = useSWR<ApiAnswer<'GET /stock-alerts'>, ApiError>(stockAlertsKey(token, lang));

  const create = useCallback(
    async (body: CreateStockAlertBody): Promise<Outcome> => {
      try {
        await call('POST /stock-alerts', { lang }, body);
        await mutate();
        return { ok: true };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [lang, mutate],
  );

  const remove = useCallback(
    async (id: number): Promise<Outcome> => {
      try {
        await call('DELETE /stock-alerts/:id', { id });
        await mutate();
        return { ok: true };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [mutate],
  );

  return { alerts: data, create, remove, token };
}
