import useSWR from 'swr';
import type { Settings } from '@shop/contract';

/** The shop's settings (seller, delivery prices, cash on delivery, withdrawal period, currency). */
export const SETTINGS_PATH = '/settings';

/**
 * The shop's settings as the server says them (OPERATIONS.md section 1): the same for every
 * visitor, so server-rendered pages that show them name `SETTINGS_PATH` among their data.
 */
export function useSettings() {
  return useSWR<Settings>(SETTINGS_PATH);
}
