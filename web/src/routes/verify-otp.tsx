import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../features/auth/components/auth-shell';
import { VerifyOtpForm } from '../features/auth/components/verify-otp-form';

export default function VerifyOtpRoute() {
  const { t } = useTranslation();
  return (
    <AuthShell
      eyebrow={t('auth.otp.eyebrow')}
      title={t('auth.otp.title')}
      footer={
        <p>
          {t('auth.otp.wrongEmail')} <Link to="/signup">{t('auth.otp.signUpAgain')}</Link>
        </p>
      }
    >
      <VerifyOtpForm />
    </AuthShell>
  );
}
