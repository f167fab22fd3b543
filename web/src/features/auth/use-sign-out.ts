import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { STORAGE_KEYS } from '@shop/contract';
import { readStorage } from '../../lib/storage';
import { logout } from './api/logout';
import { writeToken } from './use-token';

/**
 * Logout (spec section 4): the server revokes the token, the token leaves storage (other tabs
 * notice), every cached entry of this user is dropped, an info toast, then /login.
 */
export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  return useCallback(async () => {
    const token = readStorage(STORAGE_KEYS.token);
    try {
      await logout();
    } catch {
      // Offline or already expired: the token is forgotten here either way.
    }
    writeToken(null);
    if (token) await mutate((key) => Array.isArray(key) && key.includes(token), undefined, { revalidate: false });
    toast.info(t('auth.logout.done'));
    navigate('/login');
  }, [mutate, navigate, t]);
}
