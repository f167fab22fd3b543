import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath } from '../../../lib/api-client';

/** The periods the dashboard offers, in days. */
export const STATS_PERIODS = [7, 30, 90, 365] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** Orders and revenue per day, totals, best sellers and low stock over the last `days` days. */
export const statsKey = (days: number) => apiPath('GET /admin/stats', { days: String(days) });

export function useStats(days: StatsPeriod) {
  return useSWR<ApiAnswer<'GET /admin/stats'>>(statsKey(days), { keepPreviousData: true });
}
