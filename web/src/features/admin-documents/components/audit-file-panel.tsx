import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecordsMonth } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { downloadAuditFile, previousMonth, useRecordsMonth, type MonthValue } from '../api/audit-file';
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
    TEST_PAYMENTS: 'records.audit.errors.testPayments',
  },
};

type Outcome = { kind: 'done'; name: string } | { kind: 'failed'; error: unknown } | null;

/** A `YYYY-MM` month as the reader's language names it: "March 2026", "март 2026 г.". */
function monthName(month: MonthValue, language: string): string {
  const [year = 2020, mon = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(new Date(year, mon - 1, 1));
}

/**
 * The monthly audit file (Annex 38): pick a month (the previous one to begin with) and download
 * it. Before that the panel says what the month's file holds and what it leaves out (orders taken
 * in another currency, test payments that are not sales), and, on a production shop taking test
 * payments, why there is no file. The server's refusals are worded here: the shop's test payments,
 * the settings it names (with a link to them), a shop not in euro, a month with nothing delivered.
 */
export function AuditFilePanel() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [month, setMonth] = useState<MonthValue>(() => previousMonth(new Date()));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const { data: summary } = useRecordsMonth(valid ? month : null);

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
      {summary?.testPayments === 'refused' && (
        <section className={styles.notice} aria-labelledby={`${id}-test-payments`}>
          <h3 id={`${id}-test-payments`} className={styles.noticeTitle}>
            {t('records.testPayments.title')}
          </h3>
          <p className={styles.noticeText}>{t('records.testPayments.text')}</p>
        </section>
      )}
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
      {summary && valid && <MonthNotes summary={summary} month={month} />}
      {outcome?.kind === 'done' && (
        <p className={styles.done} role="status">
          {t('records.audit.done', { name: outcome.name })}
        </p>
      )}
      {outcome?.kind === 'failed' && <Problem error={outcome.error} month={month} errorText={errorText} />}
    </form>
  );
}

/** What the chosen month's file holds, and what it leaves out and why (announced as the month changes). */
function MonthNotes({ summary, month }: { summary: RecordsMonth; month: MonthValue }) {
  const { t, i18n } = useTranslation();
  const { leftOut } = summary;
  return (
    <div className={styles.notes} aria-live="polite">
      <p>
        {t('records.month.delivered', {
          month: monthName(month, i18n.language),
          count: summary.delivered,
          filed: summary.filed,
        })}
      </p>
      {leftOut.otherCurrency > 0 && (
        <p>
          {t('records.month.otherCurrency', {
            count: leftOut.otherCurrency,
            currencies: leftOut.currencies.join(', '),
          })}
        </p>
      )}
      {leftOut.testPayments > 0 && <p>{t('records.month.testPayments', { count: leftOut.testPayments })}</p>}
    </div>
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
    return (
      <p className={form.problem} role="alert">
        {t('records.audit.errors.nothing', { month: monthName(month, i18n.language) })}
      </p>
    );
  }
  return (
    <p className={form.problem} role="alert">
      {errorText(error, FAILED)}
    </p>
  );
}
