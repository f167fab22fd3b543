import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { OTP_LENGTH, TIMINGS } from '@shop/contract';
import { Field } from '../../../components/field/field';
import button from '../../../components/button/button.module.css';
import { useErrorText } from '../../../lib/error-text';
import { takeReturn } from '../../../lib/return-to';
import { writeToken } from '../../../lib/session';
import { resendOtp } from '../api/resend-otp';
import { verifyOtp } from '../api/verify-otp';
import { AUTH_ERRORS } from '../lib/auth-errors';
import { clearPendingEmail, readPendingEmail } from '../lib/pending-email';
import form from './form.module.css';

export function VerifyOtpForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [email] = useState(readPendingEmail);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'verifying' | 'resending' | 'done'>('idle');
  const timer = useRef<number | undefined>(undefined);
  const [returning, setReturning] = useState(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (!email) {
    return (
      <p className={form.message} role="alert">
        {t('auth.otp.emailMissing')} <Link to="/signup">{t('auth.otp.signUpAgain')}</Link>
      </p>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email || status !== 'idle') return;
    if (!otp) return setError(t('auth.otp.required'));
    if (otp.length !== OTP_LENGTH) return setError(t('auth.otp.length', { length: OTP_LENGTH }));
    setError(null);
    setStatus('verifying');
    try {
      const { token } = await verifyOtp({ email, otp });
      writeToken(token);
      clearPendingEmail();
      toast.success(t('auth.otp.success'));
      setStatus('done');
      // Back to the page that asked them to log in (lib/return-to), else their profile.
      const back = takeReturn();
      setReturning(back !== null);
      timer.current = window.setTimeout(
        () => void navigate(back ?? '/profile', { replace: true }),
        TIMINGS.otpRedirect,
      );
    } catch (failure) {
      const text = errorText(failure, AUTH_ERRORS.verifyOtp);
      toast.error(text);
      setError(text);
      setStatus('idle');
    }
  }

  async function onResend() {
    if (!email || status !== 'idle') return;
    setStatus('resending');
    try {
      await resendOtp(email);
      toast.success(t('auth.otp.resent'));
      setOtp('');
      setError(null);
    } catch (failure) {
      toast.error(errorText(failure, AUTH_ERRORS.resendOtp));
    } finally {
      setStatus('idle');
    }
  }

  return (
    <form
      className={form.form}
      onSubmit={onSubmit}
      noValidate
      aria-busy={status === 'verifying' || status === 'resending'}
    >
      <p className={form.row}>
        <span>
          <Trans i18nKey="auth.otp.sentTo" values={{ email }} components={{ strong: <strong /> }} />
        </span>
      </p>
      <Field
        label={t('auth.fields.code')}
        name="otp"
        className={form.otpField}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        value={otp}
        onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
        error={error ?? undefined}
        hint={t('auth.otp.hint', { length: OTP_LENGTH })}
        disabled={status === 'done'}
        required
        autoFocus
      />
      {status === 'done' && (
        <p className={form.message} data-kind="success" role="status">
          {returning ? t('auth.otp.redirectingBack') : t('auth.otp.redirecting')}
        </p>
      )}
      <button type="submit" className={`${button.primary} ${button.block}`} disabled={status !== 'idle'}>
        {status === 'verifying' ? t('auth.otp.submitting') : t('auth.otp.submit')}
      </button>
      <div className={form.row}>
        <span>{t('auth.otp.noCode')}</span>
        <button type="button" className={form.textButton} onClick={onResend} disabled={status !== 'idle'}>
          {status === 'resending' ? t('auth.otp.resending') : t('auth.otp.resend')}
        </button>
      </div>
    </form>
  );
}
