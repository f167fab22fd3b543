import useSWR from 'swr';
import type { Settings } from '@shop/contract';

/** The shop's settings as everyone reads them (seller, delivery prices, cash on delivery, currency). */
export const SETTINGS_KEY = '/settings';

export function useSettings() {
  return useSWR<Settings>(SETTINGS_KEY);
}
