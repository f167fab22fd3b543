import useSWR from 'swr';
import type { ReceiveReturnBody } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/save-file';
import { useToken } from '../../../lib/session';

const ADMIN_PATH = '/admin/returns';

/** What the screen's tabs list: those waiting for the owner, or those closed (refunded, exchanged, credited, rejected). */
export type ReturnsFilter = 'open' | 'closed';

/** The key carries the token: another admin signing in on this browser never sees a stale list. */
export const adminReturnsKey = (token: string | null, status: ReturnsFilter, page: number, limit = 20) =>
  token ? ([apiPath('GET /admin/returns', { status, page, limit }), token] as const) : null;

/** GET /admin/returns: a page of returns (open ones first, the oldest first), with the count to act on. */
export function useAdminReturns(status: ReturnsFilter, page: number, limit = 20) {
  return useSWR<ApiAnswer<'GET /admin/returns'>, ApiError>(adminReturnsKey(useToken(), status, page, limit), {
    keepPreviousData: true,
  });
}

/** How many returns wait for the owner: the navigation's badge (re-read every minute and after each action). */
export function useOpenReturnsCount(): number {
  const { data } = useSWR<ApiAnswer<'GET /admin/returns'>, ApiError>(adminReturnsKey(useToken(), 'open', 1, 1), {
    refreshInterval: 60_000,
  });
  return data?.open ?? 0;
}

/** Every cached page of returns (the badge's too): what an action changes. */
export const isAdminReturnsKey = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(`${ADMIN_PATH}?`);

export const approveReturn = (id: number) => call('POST /admin/returns/:id/approve', { id });

export const rejectReturn = (id: number, reason: string) => call('POST /admin/returns/:id/reject', { id }, { reason });

export const receiveReturn = (id: number, body: ReceiveReturnBody) =>
  call('POST /admin/returns/:id/receive', { id }, body);

/** GET /admin/returns/stats: the return rate per product and the units per reason. */
export function useReturnStats() {
  const token = useToken();
  return useSWR<ApiAnswer<'GET /admin/returns/stats'>, ApiError>(
    token ? [apiPath('GET /admin/returns/stats'), token] : null,
  );
}

/** The return rates as CSV in the admin's language. */
export const downloadReturnRates = (lang: string) =>
  downloadFromApi(`${ADMIN_PATH}/stats.csv?lang=${encodeURIComponent(lang)}`, 'return-rates.csv');
