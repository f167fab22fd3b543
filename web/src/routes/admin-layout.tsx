import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { Profile } from '@shop/contract';
import { UnsavedChangesGuard } from '../components/unsaved-changes/unsaved-changes';
import { loginPath } from '../lib/return-to';
import { isAdminRole, useSession } from '../lib/session';
import { profileKey } from '../lib/swr-keys';
import styles from './admin-layout.module.css';

/**
 * The guard of /admin/* (spec section 4): "Loading..." while the session loads; anonymous
 * visitors go to /login, remembering where they were going (state and `?next=`: lib/return-to); signed-in non-admins go home;
 * admins see "Verifying permissions..." while their role is read fresh from the server (a
 * cached profile could predate a demotion), then the page. The server checks every call anyway.
 */
export default function AdminLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const { mutate } = useSWRConfig();
  const [verified, setVerified] = useState<{ token: string; admin: boolean } | null>(null);
  const { token, isAdmin } = session;
  const needsCheck = Boolean(token && isAdmin && verified?.token !== token);

  useEffect(() => {
    if (!needsCheck || !token) return;
    let current = true;
    mutate<Profile>(profileKey(token)).then(
      (profile) => current && setVerified({ token, admin: isAdminRole(profile?.role) }),
      () => current && setVerified({ token, admin: false }),
    );
    return () => {
      current = false;
    };
  }, [needsCheck, token, mutate]);

  // The way back rides in the address too (`?next=`): it outlives a reload, a new tab and sign-up's code step.
  if (!token) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginPath(here)} replace state={{ from: location }} />;
  }
  if (!session.user) return <Status text={t('admin.guard.loading')} />;
  if (!isAdmin || (verified?.token === token && !verified.admin)) return <Navigate to="/" replace />;
  if (needsCheck) return <Status text={t('admin.guard.verifying')} />;
  return (
    <UnsavedChangesGuard>
      <Outlet />
    </UnsavedChangesGuard>
  );
}

function Status({ text }: { text: string }) {
  return (
    <div className={styles.status} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
