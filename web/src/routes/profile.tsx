import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { useSignOut } from '../features/auth/use-sign-out';
import { ProfileForm } from '../features/profile/components/profile-form';
import { YourData } from '../features/privacy/components/your-data';
import { ProfileInvoice } from '../features/documents/components/profile-invoice';
import { NewsletterSwitch } from '../features/newsletter/components/newsletter-switch';
import { PageHeading } from '../components/page-heading/page-heading';
import { StateMessage } from '../components/state-message/state-message';
import { useProfile } from '../lib/session';
import { profileKey } from '../lib/swr-keys';
import { useDocumentTitle } from '../lib/use-document-title';
import page from '../components/shopping-page/shopping-page.module.css';
import styles from './profile.module.css';

export default function ProfileRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const { token, data: profile, error } = useProfile();
  const { mutate } = useSWRConfig();
  const signOut = useSignOut();
  // Signing out here (logout, a deleted account): the handler leaves the page itself.
  const [signingOut, setSigningOut] = useState(false);
  const hadToken = useRef(Boolean(token));

  // The session ended under this page (a 401 removed the token, or another tab logged out).
  useEffect(() => {
    if (token) hadToken.current = true;
    else if (hadToken.current && !signingOut) toast.error(t('profile.loadFailed'));
  }, [token, signingOut, t]);

  if (!token) return signingOut ? null : <Navigate to="/login" replace state={{ from: location }} />;

  return (
    <div className={page.page}>
      <div className={styles.column}>
        <header className={page.header}>
          <PageHeading
            eyebrow={t('profile.eyebrow')}
            title={t('profile.title')}
            lead={profile ? t('profile.greeting', { name: profile.name }) : t('profile.lead')}
          />
        </header>
        <div className={styles.card}>
          {profile ? (
            <ProfileForm
              key={profile.id}
              profile={profile}
              onSaved={() => mutate(profileKey(token))}
              onLogout={async () => {
                setSigningOut(true);
                await signOut();
                toast.info(t('auth.logout.done'));
                void navigate('/login');
              }}
            />
          ) : error ? (
            <StateMessage kind="error" title={t('profile.loadError')} />
          ) : (
            <p className={styles.loading} role="status">
              {t('profile.loading')}
            </p>
          )}
        </div>
        {profile && (
          <div className={`${styles.card} ${styles.data}`}>
            <ProfileInvoice
              key={profile.invoiceDetails ? JSON.stringify(profile.invoiceDetails) : 'none'}
              saved={profile.invoiceDetails}
              onSaved={() => mutate(profileKey(token))}
            />
          </div>
        )}
        {profile && (
          <div className={`${styles.card} ${styles.data}`}>
            <NewsletterSwitch state={profile.newsletter ?? 'none'} onSaved={() => mutate(profileKey(token))} />
          </div>
        )}
        {profile && (
          <div className={`${styles.card} ${styles.data}`}>
            <YourData
              onDeleting={setSigningOut}
              onDeleted={async () => {
                // The server has already ended every session of the deleted account.
                await signOut({ revoke: false });
                await navigate('/', { replace: true });
                toast.success(t('yourData.deleted'));
              }}
            />
          </div>
        )}
      </div>
    </div>
  );
}
