import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { downloadAuditFile, previousMonth, type MonthValue } from '../api/audit-file';
import { missingFieldLabels } from '../lib/missing-settings';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import styles from './audit-file-panel.module.css';

const FAILED = {
  fallback: 'records.audit.errors.failed',
  codes: {
    NETWORK_ERROR: 'admin.errors.network',
    VALIDATION_ERROR: 'records.audit.errors.badMonth',
    CURRENCY_NOT_EUR: 'records.audit.errors.currency',
  },
};

type Outcome = { kind: 'done'; name: string } | { kind: 'failed'; error: unknown } | null;

/**
 * The monthly audit file (Annex 38): pick a month (the previous one to begin with) and download
 * it. The server's refusals are worded here: the settings it names (with a link to them), a shop
 * not in euro, a month with nothing delivered.
 */
export function AuditFilePanel() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [month, setMonth] = useState<MonthValue>(() => previousMonth(new Date()));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);

  async function download(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!valid) {
      setOutcome({ kind: 'failed', error: null });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'done', name: await downloadAuditFile(month) });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.panel} onSubmit={download} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('records.audit.title')}
      </h2>
      <p className={styles.hint}>{t('records.audit.hint')}</p>
      <div className={styles.row}>
        <div className={form.field}>
          <label htmlFor={`${id}-month`} className={form.label}>
            {t('records.audit.month')}
          </label>
          <input
            id={`${id}-month`}
            type="month"
            min="2020-01"
            className={`${form.input} ${form.compact}`}
            value={month}
            aria-invalid={outcome?.kind === 'failed' && !valid ? true : undefined}
            onChange={(event) => {
              setMonth(event.target.value);
              setOutcome(null);
            }}
          />
        </div>
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('records.audit.busy') : t('records.audit.download')}
        </button>
      </div>
      {outcome?.kind === 'done' && (
        <p className={styles.done} role="status">
          {t('records.audit.done', { name: outcome.name })}
        </p>
      )}
      {outcome?.kind === 'failed' && <Problem error={outcome.error} month={month} errorText={errorText} />}
    </form>
  );
}

function Problem({
  error,
  month,
  errorText,
}: {
  error: unknown;
  month: MonthValue;
  errorText: ReturnType<typeof useErrorText>;
}) {
  const { t, i18n } = useTranslation();
  if (error === null) {
    return (
      <p className={form.problem} role="alert">
        {t('records.audit.errors.badMonth')}
      </p>
    );
  }
  if (isApiError(error) && error.code === 'RECORDS_SETTINGS_MISSING') {
    return (
      <p className={form.problem} role="alert">
        {t('records.audit.errors.settingsMissing', { fields: missingFieldLabels(t, error.fields).join(', ') })}{' '}
        <Link to="/admin/settings">{t('records.warning.link')}</Link>
      </p>
    );
  }
  if (isApiError(error) && error.code === 'NOTHING_TO_FILE') {
    const [year = 2020, mon = 1] = month.split('-').map(Number);
    const name = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(
      new Date(year, mon - 1, 1),
    );
    return (
      <p className={form.problem} role="alert">
        {t('records.audit.errors.nothing', { month: name })}
      </p>
    );
  }
  return (
    <p className={form.problem} role="alert">
      {errorText(error, FAILED)}
    </p>
  );
}
