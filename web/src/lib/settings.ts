import useSWR from 'swr';
import type { Settings } from '@shop/contract';
import { SETTINGS_PATH } from './swr-keys';

export { SETTINGS_PATH };

/**
 * The shop's settings as the server says them (OPERATIONS.md section 1): the same for every
 * visitor, so server-rendered pages that show them name `SETTINGS_PATH` among their data.
 */
export function useSettings() {
  return useSWR<Settings>(SETTINGS_PATH);
}
