import useSWR from 'swr';
import { TIMINGS, type Profile } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { writeToken } from '../use-token';

export const PROFILE_PATH = '/profile';

/** The key carries the token so that two accounts never share a cached profile. */
export const profileKey = (token: string | null) => (token ? ([PROFILE_PATH, token] as const) : null);

/**
 * The signed-in user's profile, refreshed every 3 s while a token exists. A failed load yields
 * null without a message (the spec); a 401 means the token is dead, so it is removed.
 */
export function useProfile(token: string | null) {
  return useSWR<Profile>(profileKey(token), {
    refreshInterval: TIMINGS.profileRefresh,
    onError: (error) => {
      if (isApiError(error) && error.status === 401) writeToken(null);
    },
  });
}
