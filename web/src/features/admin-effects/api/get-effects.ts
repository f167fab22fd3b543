import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

export const FAILED_EFFECTS_PATH = apiPath('GET /admin/effects', { state: 'failed' });

/** The effects that gave up after every attempt (while an admin is signed in). */
export const failedEffectsKey = (token: string | null) => (token ? ([FAILED_EFFECTS_PATH, token] as const) : null);

export const fetchFailedEffects = () => call('GET /admin/effects', { state: 'failed' });

/** The tasks that keep failing (mails, provider refunds…), newest first: the dashboard's panel. */
export function useFailedEffects() {
  return useSWR<ApiAnswer<'GET /admin/effects'>, ApiError, readonly [string, string] | null>(
    failedEffectsKey(useToken()),
    fetchFailedEffects,
  );
}
