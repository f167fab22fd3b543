import useSWR from 'swr';
import type { EffectsResponse } from '@shop/contract';
import { api, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

export const FAILED_EFFECTS_PATH = '/admin/effects?state=failed';

/** The effects that gave up after every attempt (while an admin is signed in). */
export const failedEffectsKey = (token: string | null) => (token ? ([FAILED_EFFECTS_PATH, token] as const) : null);

export const fetchFailedEffects = ([path]: readonly [string, string]) => api.get<EffectsResponse>(path);

/** The tasks that keep failing (mails, provider refunds…), newest first: the dashboard's panel. */
export function useFailedEffects() {
  return useSWR<EffectsResponse, ApiError, readonly [string, string] | null>(
    failedEffectsKey(useToken()),
    fetchFailedEffects,
  );
}
