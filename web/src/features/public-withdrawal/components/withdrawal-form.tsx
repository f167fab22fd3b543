import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field/field';
import { StateMessage } from '../../../components/state-message/state-message';
import button from '../../../components/button/button.module.css';
import field from '../../../components/field/field.module.css';
import { CLIENT_ERROR_CODES, isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useHydrated } from '../../../lib/use-hydrated';
import { submitWithdrawal } from '../api/submit-withdrawal';
import styles from './withdrawal-form.module.css';

type Name = 'orderId' | 'email' | 'name' | 'reason';
type Values = Record<Name, string>;
type Errors = Partial<Record<Name, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The order's reference (12 hexadecimal characters), or the number an older order mail gave. */
const ORDER_KEY = /^#?([0-9a-f]{12}|[1-9]\d{0,8})$/i;
const REASON_MAX = 1000;
const NAMES: readonly Name[] = ['orderId', 'email', 'name', 'reason'];

/**
 * The public withdrawal form: order reference, email and name (and a reason if the shopper likes).
 * Field errors stand by their fields; too many tries or no connection above the button. Sent, it
 * says the same whatever the order: look for the link in the order's mailbox (the server mails it
 * only when reference and email match), where the withdrawal is confirmed.
 */
export function WithdrawalForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const reasonId = useId();
  const [values, setValues] = useState<Values>({ orderId: '', email: '', name: '', reason: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // Server-rendered, the form could be sent before the app runs: the browser would put the email
  // in the address (a GET to this page). The button waits for the app.
  const hydrated = useHydrated();

  const set = (name: Name) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function validate(): Errors {
    const found: Errors = {};
    if (!ORDER_KEY.test(values.orderId.trim())) found.orderId = t('withdrawal.form.errors.orderId');
    if (!EMAIL.test(values.email.trim())) found.email = t('withdrawal.form.errors.email');
    if (!values.name.trim() || values.name.trim().length > 100) found.name = t('withdrawal.form.errors.name');
    if (values.reason.trim().length > REASON_MAX) found.reason = t('withdrawal.form.errors.reason');
    return found;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validate();
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reason = values.reason.trim();
      await submitWithdrawal({
        orderId: values.orderId.trim().replace(/^#/, '').toUpperCase(),
        email: values.email.trim(),
        name: values.name.trim(),
        ...(reason ? { reason } : {}),
      });
      setDone(true);
    } catch (error) {
      const refused = isApiError(error) && error.status === 400 ? NAMES.filter((name) => error.fields[name]) : [];
      if (refused.length > 0) {
        setErrors(Object.fromEntries(refused.map((name) => [name, t(`withdrawal.form.errors.${name}`)])));
      } else {
        setProblem(
          errorText(error, {
            fallback: 'withdrawal.form.errors.failed',
            codes: {
              RATE_LIMITED: 'withdrawal.form.errors.rateLimited',
              [CLIENT_ERROR_CODES.network]: 'apiErrors.NETWORK_ERROR',
            },
          }),
        );
      }
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className={styles.done}>
        <StateMessage kind="info" title={t('withdrawal.sent.title')}>
          <p>{t('withdrawal.sent.body')}</p>
          <p>{t('withdrawal.sent.spam')}</p>
        </StateMessage>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <div className={styles.fields}>
        <Field
          label={t('withdrawal.form.orderId')}
          name="orderId"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={13}
          value={values.orderId}
          onChange={set('orderId')}
          error={errors.orderId}
          hint={t('withdrawal.form.orderIdHint')}
          required
        />
        <Field
          label={t('withdrawal.form.email')}
          type="email"
          name="email"
          autoComplete="email"
          maxLength={254}
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          hint={t('withdrawal.form.emailHint')}
          required
        />
        <Field
          label={t('withdrawal.form.name')}
          name="name"
          autoComplete="name"
          maxLength={100}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          className={styles.wide}
          required
        />
        <div className={`${field.field} ${styles.wide}`} data-invalid={errors.reason ? '' : undefined}>
          <label htmlFor={reasonId} className={field.label}>
            {t('withdrawal.form.reason')}
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={3}
            maxLength={REASON_MAX}
            className={`${field.input} ${styles.reason}`}
            value={values.reason}
            onChange={set('reason')}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${reasonId}-error` : `${reasonId}-hint`}
          />
          <p id={`${reasonId}-hint`} className={field.hint}>
            {t('withdrawal.form.reasonHint')}
          </p>
          {errors.reason && (
            <p id={`${reasonId}-error`} className={field.error} role="alert">
              {errors.reason}
            </p>
          )}
        </div>
      </div>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className={button.primary} disabled={busy || !hydrated}>
        {busy ? t('withdrawal.form.submitting') : t('withdrawal.form.submit')}
      </button>
    </form>
  );
}
