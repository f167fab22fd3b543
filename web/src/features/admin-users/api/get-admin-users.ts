import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

export const ADMIN_USERS_PATH = apiPath('GET /admin/users');

/** The key carries the token: another admin signing in on this browser never sees a stale list. */
export const adminUsersKey = (token: string | null) => (token ? ([ADMIN_USERS_PATH, token] as const) : null);

export type UsersResponse = ApiAnswer<'GET /admin/users'>;

/** The users, root admin first. */
export function useAdminUsers() {
  return useSWR<ApiAnswer<'GET /admin/users'>, ApiError>(adminUsersKey(useToken()));
}
