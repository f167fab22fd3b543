import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../features/auth/components/auth-shell';
import { SignupForm } from '../features/auth/components/signup-form';
import { readToken } from '../lib/session';

export default function SignupRoute() {
  const { t } = useTranslation();
  const [signedIn] = useState(() => Boolean(readToken()));
  if (signedIn) return <Navigate to="/profile" replace />;

  return (
    <AuthShell
      eyebrow={t('auth.signup.eyebrow')}
      title={t('auth.signup.title')}
      intro={t('auth.signup.intro')}
      footer={
        <p>
          {t('auth.signup.haveAccount')} <Link to="/login">{t('auth.signup.logInLink')}</Link>
        </p>
      }
    >
      <SignupForm />
    </AuthShell>
  );
}
