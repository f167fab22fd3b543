import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { readToken, writeToken } from '../../lib/session';
import { isSessionKey } from '../../lib/swr-keys';
import { logout } from './api/logout';

/**
 * Logout (spec section 4): the server revokes the token, the token leaves storage (other tabs
 * notice) and every cached answer of this session is dropped. Resolves once done; the caller
 * says goodbye and leaves the page. `{ revoke: false }` when the server has already ended every
 * session (a deleted account): only this browser forgets it.
 */
export function useSignOut() {
  const { mutate } = useSWRConfig();

  return useCallback(
    async ({ revoke = true }: { revoke?: boolean } = {}) => {
      const token = readToken();
      if (revoke) {
        try {
          await logout();
        } catch {
          // Offline or already expired: the token is forgotten here either way.
        }
      }
      writeToken(null);
      if (token) await mutate(isSessionKey(token), undefined, { revalidate: false });
    },
    [mutate],
  );
}
