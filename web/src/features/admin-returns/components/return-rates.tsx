import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { RETURN_REASONS, itemNameIn, type Language } from '@shop/contract';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { StateMessage } from '../../../components/state-message/state-message';
import button from '../../../components/button/button.module.css';
import { DataTable, TableLoading } from '../../../components/table/data-table';
import table from '../../../components/table/table.module.css';
import { downloadReturnRates, useReturnStats } from '../api/admin-returns';
import styles from './returns-screen.module.css';

const LOCALES: Record<Language, string> = { en: 'en-GB', bg: 'bg-BG' };

/**
 * What returns teach (YEAR.md section 2): each product's return rate (units sent back of units
 * delivered), highest first, with the reasons given; the units per reason over every product;
 * the same as CSV.
 */
export function ReturnRates({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const errorText = useErrorText();
  const { data, error } = useReturnStats();
  const [downloading, setDownloading] = useState(false);
  const percent = new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 1 });

  async function download() {
    setDownloading(true);
    try {
      await downloadReturnRates(lang);
    } catch (failure) {
      toast.error(t('adminReturns.rates.exportFailed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setDownloading(false);
    }
  }

  let body: React.ReactNode;
  if (error && !data) body = <StateMessage kind="error" title={t('adminReturns.rates.loadError')} />;
  else if (!data) body = <TableLoading>{t('common.loading')}</TableLoading>;
  else if (data.products.length === 0) body = <StateMessage kind="empty" title={t('adminReturns.rates.empty')} />;
  else
    body = (
      <>
        <p className={styles.reasons}>
          {RETURN_REASONS.filter((reason) => data.reasons[reason] > 0)
            .map((reason) => `${t(`returns.reasons.${reason}`)}: ${data.reasons[reason]}`)
            .join(' · ')}
        </p>
        <DataTable
          labelledBy={`${id}-heading`}
          labelled
          columns={[
            { label: t('adminReturns.rates.product') },
            { label: t('adminReturns.rates.delivered'), kind: 'number' },
            { label: t('adminReturns.rates.returned'), kind: 'number' },
            { label: t('adminReturns.rates.rate'), kind: 'number' },
            { label: t('adminReturns.rates.reasons') },
          ]}
        >
          {data.products.map((row) => (
            <tr key={row.productId}>
              <th scope="row">{itemNameIn(row, lang)}</th>
              <td data-label={t('adminReturns.rates.delivered')} className={table.number}>
                {row.delivered}
              </td>
              <td data-label={t('adminReturns.rates.returned')} className={table.number}>
                {row.returned}
              </td>
              <td data-label={t('adminReturns.rates.rate')} className={table.number}>
                <strong>{percent.format(row.rate)}</strong>
              </td>
              <td data-label={t('adminReturns.rates.reasons')} className={table.muted}>
                {RETURN_REASONS.filter((reason) => row.reasons[reason] > 0)
                  .map((reason) => `${t(`returns.reasons.${reason}`)} ${row.reasons[reason]}`)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </DataTable>
      </>
    );

  return (
    <section className={styles.rates} aria-labelledby={`${id}-heading`}>
      <div className={styles.ratesHead}>
        <h2 id={`${id}-heading`} className={styles.ratesTitle}>
          {t('adminReturns.rates.title')}
        </h2>
        <button type="button" className={button.secondary} disabled={downloading} onClick={() => void download()}>
          {t('adminReturns.rates.export')}
        </button>
      </div>
      <p className={table.muted}>{t('adminReturns.rates.lead')}</p>
      {body}
    </section>
  );
}
