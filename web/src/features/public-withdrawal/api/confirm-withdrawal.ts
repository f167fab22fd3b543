import useSWR from 'swr';
import type { ConfirmWithdrawalBody } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { anonymousCall, apiPath, type ApiError } from '../../../lib/api-client';

/** The request behind a mailed link (GET: reading it records nothing, whoever opens the link). */
export const withdrawalRequestKey = (token: string | null) =>
  token ? apiPath('GET /withdrawals/confirm', { token }) : null;

/** 200 with the request; 400 `INVALID_TOKEN`; 410 `TOKEN_EXPIRED`. */
export function useWithdrawalRequest(token: string | null) {
  const { data, error, mutate } = useSWR<ApiAnswer<'GET /withdrawals/confirm'>, ApiError>(withdrawalRequestKey(token), {
    refreshInterval: 0,
    revalidateOnFocus: false,
  });
  return { request: data, error, mutate };
}

/**
 * The link's button: 201 with the withdrawal (timestamped at the form's submission); 409
 * `ALREADY_WITHDRAWN` / `WITHDRAWAL_PERIOD_OVER` / `INVALID_TRANSITION`; 400/410 for a bad link.
 */
export const confirmWithdrawal = (body: ConfirmWithdrawalBody) => anonymousCall('POST /withdrawals/confirm', body);
