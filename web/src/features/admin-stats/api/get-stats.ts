import useSWR from 'swr';
import type { Stats } from '@shop/contract';

/** The periods the dashboard offers, in days. */
export const STATS_PERIODS = [7, 30, 90, 365] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** Orders and revenue per day, totals, best sellers and low stock over the last `days` days. */
export const statsKey = (days: number) => `/admin/stats?days=${days}`;

export function useStats(days: StatsPeriod) {
  return useSWR<Stats>(statsKey(days), { keepPreviousData: true });
}
