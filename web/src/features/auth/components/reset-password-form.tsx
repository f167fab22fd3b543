import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PASSWORD_MAX, PASSWORD_MIN, TIMINGS } from '@shop/contract';
import { Field } from '../../../components/field/field';
import button from '../../../components/button/button.module.css';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { updatePassword } from '../api/update-password';
import { AUTH_ERRORS } from '../lib/auth-errors';
import form from './form.module.css';

type Errors = Partial<Record<'password' | 'confirm', string>>;

export function ResetPasswordForm({ resetToken }: { resetToken: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string; linkToLogin?: boolean } | null>(
    null,
  );
  const [status, setStatus] = useState<'idle' | 'saving' | 'done'>('idle');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status !== 'idle') return;
    const found: Errors = {};
    if (!password) found.password = t('auth.signup.passwordRequired');
    else if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      found.password = t('auth.password.length', { min: PASSWORD_MIN, max: PASSWORD_MAX });
    }
    if (!confirm) found.confirm = t('auth.signup.confirmRequired');
    else if (!found.password && password !== confirm) {
      found.confirm = t('auth.resetPage.mismatch');
      toast.error(t('auth.resetPage.mismatch'));
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setStatus('saving');
    setMessage(null);
    try {
      await updatePassword({ resetToken, newPassword: password });
      const text = t('auth.resetPage.success');
      toast.success(text);
      setMessage({ kind: 'success', text: `${text} ${t('auth.resetPage.redirecting')}` });
      setStatus('done');
      timer.current = window.setTimeout(() => void navigate('/login', { replace: true }), TIMINGS.resetRedirect);
    } catch (error) {
      const text = errorText(error, AUTH_ERRORS.resetPassword);
      toast.error(text);
      if (isApiError(error) && error.code === 'WEAK_PASSWORD') setErrors({ password: text });
      setMessage({ kind: 'error', text, linkToLogin: isApiError(error) && error.code === 'INVALID_TOKEN' });
      setStatus('idle');
    }
  }

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-busy={status === 'saving'}>
      <Field
        label={t('auth.fields.newPassword')}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint={t('auth.password.hint', { min: PASSWORD_MIN })}
        disabled={status === 'done'}
        revealable
        required
        autoFocus
      />
      <Field
        label={t('auth.fields.confirmNewPassword')}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={errors.confirm}
        disabled={status === 'done'}
        revealable
        required
      />
      {message && (
        <p className={form.message} data-kind={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
          {message.linkToLogin && (
            <>
              {' '}
              <Link to="/login">{t('auth.resetPage.requestNew')}</Link>
            </>
          )}
        </p>
      )}
      <button type="submit" className={`${button.primary} ${button.block}`} disabled={status !== 'idle'}>
        {status === 'saving' ? t('auth.resetPage.submitting') : t('auth.resetPage.submit')}
      </button>
    </form>
  );
}
