import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast, type Id } from 'react-toastify';
import { Field } from '../../../components/field/field';
import button from '../../../components/button/button.module.css';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { safeReturnPath, takeReturn } from '../../../lib/return-to';
import { writeToken } from '../../../lib/session';
import { login } from '../api/login';
import { requestPasswordReset } from '../api/request-password-reset';
import { resendOtp } from '../api/resend-otp';
import { AUTH_ERRORS } from '../lib/auth-errors';
import { looksLikeEmail } from '../lib/email';
import { writePendingEmail } from '../lib/pending-email';
import form from './form.module.css';

type Errors = Partial<Record<'email' | 'password', string>>;

/**
 * Where to go after login: back to where an admin guard sent the visitor from, else to the page
 * that asked them to log in (`?next=`, kept for the tab: lib/return-to), else /profile.
 */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  const guarded = from?.pathname ? safeReturnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`) : null;
  const asked = takeReturn();
  return guarded ?? asked ?? '/profile';
}

export function LoginForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState<'login' | 'reset' | null>(null);
  // The failed login's toast: gone once the shopper turns to Forgot Password.
  const failureToast = useRef<Id | undefined>(undefined);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!email.trim()) found.email = t('auth.login.emailRequired');
    if (!password) found.password = t('auth.login.passwordRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setBusy('login');
    setMessage(null);
    try {
      const { token } = await login({ email: email.trim(), password });
      writeToken(token);
      toast.success(t('auth.login.success'));
      void navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
        // The password was right: send a fresh code and take them to enter it.
        writePendingEmail(email.trim());
        await resendOtp(email.trim()).catch(() => undefined);
        toast.info(t('auth.login.notVerified'));
        void navigate('/verify-otp');
        return;
      }
      failureToast.current = toast.error(t('auth.login.failureToast'));
      setMessage({ kind: 'error', text: errorText(error, AUTH_ERRORS.login) });
    } finally {
      setBusy(null);
    }
  }

  async function onForgotPassword() {
    // What a failed login said is no longer the point: only the reset's messages stay.
    if (failureToast.current !== undefined) toast.dismiss(failureToast.current);
    setMessage(null);
    const address = email.trim();
    if (!address) {
      toast.warn(t('auth.reset.emailFirst'));
      setErrors({ email: t('auth.reset.emailFirst') });
      return;
    }
    if (!looksLikeEmail(address)) {
      toast.error(t('auth.reset.invalidEmail'));
      setErrors({ email: t('auth.reset.invalidEmail') });
      return;
    }
    setErrors({});
    setBusy('reset');
    setMessage(null);
    try {
      await requestPasswordReset(address);
      toast.success(t('auth.reset.sent'));
      setMessage({ kind: 'success', text: `${t('auth.reset.sent')} ${t('auth.reset.spamHint')}` });
    } catch (error) {
      const text = errorText(error, AUTH_ERRORS.resetRequest);
      toast.error(text);
      setMessage({ kind: 'error', text });
    } finally {
      setBusy(null);
    }
  }

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-busy={busy !== null}>
      <Field
        label={t('auth.fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        required
      />
      <Field
        label={t('auth.fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        revealable
        required
      />
      <div className={form.row}>
        <button type="button" className={form.textButton} onClick={onForgotPassword} disabled={busy !== null}>
          {busy === 'reset' ? t('auth.reset.sending') : t('auth.login.forgotPassword')}
        </button>
      </div>
      {message && (
        <p className={form.message} data-kind={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <button type="submit" className={`${button.primary} ${button.block}`} disabled={busy !== null}>
        {busy === 'login' ? t('auth.login.submitting') : t('auth.login.submit')}
      </button>
    </form>
  );
}
