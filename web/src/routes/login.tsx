import { Link, Navigate, useLocation } from 'react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../features/auth/components/auth-shell';
import { LoginForm } from '../features/auth/components/login-form';
import { rememberReturn } from '../lib/return-to';
import { readToken } from '../lib/session';

export default function LoginRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  // Someone already signed in has nothing to do here (checked once: a fresh login navigates itself).
  const [signedIn] = useState(() => Boolean(readToken()));
  // The page that sent them here (`?next=`), kept for after login or sign-up (lib/return-to).
  useEffect(() => rememberReturn(location.search), [location.search]);
  if (signedIn) return <Navigate to="/profile" replace />;

  return (
    <AuthShell
      eyebrow={t('auth.login.eyebrow')}
      title={t('auth.login.title')}
      intro={t('auth.login.intro')}
      footer={
        <p>
          {t('auth.login.noAccount')}{' '}
          <Link to={{ pathname: '/signup', search: location.search }} state={location.state}>
            {t('auth.login.signUpLink')}
          </Link>
        </p>
      }
    >
      <LoginForm />
    </AuthShell>
  );
}
