import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@shop/contract';
import { AuthShell } from '../features/auth/components/auth-shell';
import { SignupForm } from '../features/auth/components/signup-form';
import { readStorage } from '../lib/storage';

export default function SignupRoute() {
  const { t } = useTranslation();
  const [signedIn] = useState(() => Boolean(readStorage(STORAGE_KEYS.token)));
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
