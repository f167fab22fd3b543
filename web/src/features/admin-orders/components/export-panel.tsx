import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { downloadOrdersCsv, type ExportRange } from '../api/export-orders';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import styles from './orders-list.module.css';

const EXPORT_FAILED = {
  fallback: 'adminOrders.export.failed',
  codes: { NETWORK_ERROR: 'admin.errors.network', VALIDATION_ERROR: 'adminOrders.export.badRange' },
};

/**
 * The accountant's file: every order line from one day to another (both included) as CSV, in the
 * admin's language `lang` (its separator and decimal mark).
 */
export function ExportPanel({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [range, setRange] = useState<ExportRange>({ from: '', to: '' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const backwards = Boolean(range.from && range.to && range.from > range.to);

  async function download(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (backwards) {
      setProblem(t('adminOrders.export.badRange'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await downloadOrdersCsv(range, lang);
    } catch (error) {
      setProblem(errorText(error, EXPORT_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const day = (name: keyof ExportRange) => (
    <div className={form.field}>
      <label htmlFor={`${id}-${name}`} className={form.label}>
        {t(`adminOrders.export.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        type="date"
        className={`${form.input} ${form.compact}`}
        value={range[name]}
        aria-invalid={backwards && problem ? true : undefined}
        onChange={(event) => {
          setRange((current) => ({ ...current, [name]: event.target.value }));
          setProblem(null);
        }}
      />
    </div>
  );

  return (
    <form className={styles.export} onSubmit={download} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.exportTitle}>
        {t('adminOrders.export.title')}
      </h2>
      <p className={styles.exportHint}>{t('adminOrders.export.hint')}</p>
      <div className={styles.exportRow}>
        {day('from')}
        {day('to')}
        <button type="submit" className={button.secondary} disabled={busy}>
          {busy ? t('adminOrders.export.busy') : t('adminOrders.export.download')}
        </button>
      </div>
      {problem && (
        <p className={form.problem} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
