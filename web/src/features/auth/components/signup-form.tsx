import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shop/contract';
import { Field } from '../../../components/field/field';
import { NewsletterBox } from '../../../components/newsletter-box/newsletter-box';
import button from '../../../components/button/button.module.css';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { subscribeAfter } from '../../../lib/newsletter';
import { useLanguage } from '../../../lib/use-language';
import { signup } from '../api/signup';
import { AUTH_ERRORS } from '../lib/auth-errors';
import { looksLikeEmail } from '../lib/email';
import { writePendingEmail } from '../lib/pending-email';
import form from './form.module.css';

type FieldName = 'name' | 'email' | 'password' | 'confirm';
type Errors = Partial<Record<FieldName, string>>;

export function SignupForm() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({ name: '', email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [newsletter, setNewsletter] = useState(false);

  const set = (field: FieldName) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function validate(): Errors {
    const found: Errors = {};
    if (!values.name.trim()) found.name = t('auth.signup.nameRequired');
    if (!values.email.trim()) found.email = t('auth.signup.emailRequired');
    else if (!looksLikeEmail(values.email)) found.email = t('auth.reset.invalidEmail');
    if (!values.password) found.password = t('auth.signup.passwordRequired');
    else if (values.password.length < PASSWORD_MIN || values.password.length > PASSWORD_MAX) {
      found.password = t('auth.password.length', { min: PASSWORD_MIN, max: PASSWORD_MAX });
    }
    if (!values.confirm) found.confirm = t('auth.signup.confirmRequired');
    return found;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    if (!found.password && !found.confirm && values.password !== values.confirm) {
      found.confirm = t('auth.signup.mismatch');
      toast.error(t('auth.signup.mismatch'));
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setBusy(true);
    const email = values.email.trim();
    try {
      await signup({ name: values.name.trim(), email, password: values.password, locale: lang });
      writePendingEmail(email);
      if (newsletter) void subscribeAfter(email, lang, 'signup');
      toast.success(t('auth.signup.success'));
      void navigate('/verify-otp');
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      if (status === 400) {
        const text = errorText(error, AUTH_ERRORS.signupBadRequest);
        toast.error(text);
        const fields = isApiError(error) ? error.fields : {};
        setErrors(
          Object.fromEntries(
            Object.keys(fields)
              .filter((key): key is FieldName => key === 'name' || key === 'email' || key === 'password')
              .map((key) => [key, lang === 'en' ? (fields[key] ?? text) : text]),
          ),
        );
      } else if (status === 409) {
        toast.error(t('auth.signup.failed'));
        setErrors({ email: errorText(error, AUTH_ERRORS.signup) });
      } else if (status === 429) {
        toast.error(errorText(error, AUTH_ERRORS.signup));
      } else {
        toast.error(t('auth.signup.failed'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Field
        label={t('auth.fields.fullName')}
        name="name"
        autoComplete="name"
        maxLength={100}
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        required
      />
      <Field
        label={t('auth.fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        required
      />
      <Field
        label={t('auth.fields.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        hint={t('auth.password.hint', { min: PASSWORD_MIN })}
        revealable
        required
      />
      <Field
        label={t('auth.fields.confirmPassword')}
        type="password"
        name="confirm"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={values.confirm}
        onChange={set('confirm')}
        error={errors.confirm}
        revealable
        required
      />
      <NewsletterBox checked={newsletter} onChange={setNewsletter} />
      <p className={form.note}>
        <Trans i18nKey="auth.signup.privacyNote" components={{ privacyLink: <Link to="/privacy" /> }} />
      </p>
      <button type="submit" className={`${button.primary} ${button.block}`} disabled={busy}>
        {busy ? t('auth.signup.submitting') : t('auth.signup.submit')}
      </button>
    </form>
  );
}
