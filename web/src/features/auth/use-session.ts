import type { Profile } from '@shop/contract';
import { useToken } from './use-token';
import { useProfile } from './api/get-profile';

export interface Session {
  token: string | null;
  user: Profile | null;
  isLoggedIn: boolean;
  isAdmin: boolean;
  /** True while a token exists and its profile has not answered yet. */
  isLoading: boolean;
}

const ADMIN_ROLES = new Set(['ADMIN', 'ROOT_ADMIN']);

/** The spec compares roles trimmed and case-insensitively. */
export const isAdminRole = (role: string | undefined | null) => ADMIN_ROLES.has((role ?? '').trim().toUpperCase());

export function useSession(): Session {
  const token = useToken();
  const { data, error, isLoading } = useProfile(token);
  const user = token && !error ? (data ?? null) : null;
  return {
    token,
    user,
    isLoggedIn: Boolean(token),
    isAdmin: isAdminRole(user?.role),
    isLoading: Boolean(token) && isLoading,
  };
}
