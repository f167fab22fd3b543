import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../features/auth/components/auth-shell';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <AuthShell
      eyebrow={t('auth.resetPage.eyebrow')}
      title={t('auth.resetPage.title')}
      intro={t('auth.resetPage.intro')}
      footer={
        <p>
          {t('auth.resetPage.remembered')} <Link to="/login">{t('auth.signup.logInLink')}</Link>
        </p>
      }
    >
      <ResetPasswordForm resetToken={token} />
    </AuthShell>
  );
}
