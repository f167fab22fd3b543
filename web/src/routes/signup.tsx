import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../features/auth/components/auth-shell';
import { SignupForm } from '../features/auth/components/signup-form';
import { rememberReturn } from '../lib/return-to';
import { readToken } from '../lib/session';

export default function SignupRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const [signedIn] = useState(() => Boolean(readToken()));
  // The page that sent them to log in (`?next=`), kept for after the code step (lib/return-to).
  useEffect(() => rememberReturn(location.search), [location.search]);
  if (signedIn) return <Navigate to="/profile" replace />;

  return (
    <AuthShell
      eyebrow={t('auth.signup.eyebrow')}
      title={t('auth.signup.title')}
      intro={t('auth.signup.intro')}
      footer={
        <p>
          {t('auth.signup.haveAccount')}{' '}
          <Link to={{ pathname: '/login', search: location.search }}>{t('auth.signup.logInLink')}</Link>
        </p>
      }
    >
      <SignupForm />
    </AuthShell>
  );
}
