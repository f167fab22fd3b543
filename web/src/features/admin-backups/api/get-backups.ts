import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

export const BACKUPS_PATH = apiPath('GET /admin/backups');

export const backupsKey = (token: string | null) => (token ? ([BACKUPS_PATH, token] as const) : null);

/** The shop's backups: the last one's time and size, the last attempt, and whether to worry. */
export function useBackupOverview() {
  return useSWR<ApiAnswer<'GET /admin/backups'>, ApiError>(backupsKey(useToken()));
}
