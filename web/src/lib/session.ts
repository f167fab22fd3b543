import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { STORAGE_KEYS, TIMINGS, type Profile } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import type { ApiError } from './api-client';
import { readStorage, removeStorage, writeStorage } from './storage';
import { profileKey } from './swr-keys';

/**
 * The session: the bearer token in localStorage and the profile it belongs to. Every feature
 * reads it here (features do not import each other); the api client sends the token and ends
 * the session when the server no longer accepts it (lib/api-client.ts).
 */

/** Raised in this tab when the token changes here (the `storage` event only reaches other tabs). */
const TOKEN_EVENT = 'shop:token';

export const readToken = (): string | null => readStorage(STORAGE_KEYS.token);

/** Stores (or, with null, removes) the bearer token and tells every hook in this tab at once. */
export function writeToken(token: string | null): void {
  if (token) writeStorage(STORAGE_KEYS.token, token);
  else removeStorage(STORAGE_KEYS.token);
  window.dispatchEvent(new Event(TOKEN_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, TIMINGS.tokenReread);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(TOKEN_EVENT, onChange);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(TOKEN_EVENT, onChange);
  };
}

/** The server renders every page logged out; hydration starts from the same, then reads the token. */
const noToken = () => null;

/**
 * The bearer token. Re-read every second (the spec), and at once when another tab changes it
 * (`storage` event) or this tab logs in or out (`writeToken`), so logging in or out anywhere
 * shows up everywhere.
 */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, readToken, noToken);
}

/**
 * The signed-in account's profile, refreshed every 3 s while a token exists. A failed load
 * yields no profile and no message (the spec); a 401 ends the session in the api client.
 */
export function useProfile() {
  const token = useToken();
  const result = useSWR<ApiAnswer<'GET /profile'>, ApiError>(profileKey(token), {
    refreshInterval: TIMINGS.profileRefresh,
  });
  return { ...result, token };
}

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
  const { token, data, error, isLoading } = useProfile();
  const user = token && !error ? (data ?? null) : null;
  return {
    token,
    user,
    isLoggedIn: Boolean(token),
    isAdmin: isAdminRole(user?.role),
    isLoading: Boolean(token) && isLoading,
  };
}
