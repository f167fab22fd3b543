import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { DocumentKind } from '@shop/contract';
import { LoadingBlocks } from '../../../components/loading-blocks/loading-blocks';
import { StateMessage } from '../../../components/state-message/state-message';
import { formatMoney } from '../../../lib/money';
import { useSettings } from '../../../lib/settings';
import { downloadFromApi } from '../../../lib/save-file';
import { useLanguage } from '../../../lib/use-language';
import { ledgerPath, useAdminDocuments, type DocumentsFilter } from '../api/documents';
import button from '../../../components/button/button.module.css';
import fieldStyles from '../../../components/field/field.module.css';
import { DataTable } from '../../../components/table/data-table';
import table from '../../../components/table/table.module.css';
import styles from './documents-screen.module.css';

const KINDS = ['sale', 'invoice', 'credit-note'] as const;
const PAGE_SIZE = 50;

/**
 * The admin's Documents screen (TRADE.md section 3): every sale document, invoice and credit note,
 * newest first, filtered by kind and days, each with its PDF, and the sales ledger of the same
 * filter as CSV.
 */
export function DocumentsScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const currency = useSettings().data?.currency;
  const [kind, setKind] = useState<DocumentKind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const filter: DocumentsFilter = { kind: kind || undefined, from: from || undefined, to: to || undefined };
  const { data, error, isLoading } = useAdminDocuments({ ...filter, page, limit: PAGE_SIZE });
  const date = new Intl.DateTimeFormat(lang === 'bg' ? 'bg-BG' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  async function downloadLedger() {
    try {
      await downloadFromApi(ledgerPath(filter, lang), 'sales-ledger.csv');
    } catch {
      toast.error(t('invoices.documents.loadError'));
    }
  }

  return (
    <div className={styles.screen}>
      <p className={styles.intro}>{t('invoices.documents.intro')}</p>
      <div className={styles.filters}>
        <div className={fieldStyles.field}>
          <label htmlFor="documents-kind" className={fieldStyles.label}>
            {t('invoices.documents.kind')}
          </label>
          <select
            id="documents-kind"
            className={fieldStyles.input}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as DocumentKind | '');
              setPage(1);
            }}
          >
            <option value="">{t('invoices.documents.all')}</option>
            {KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`invoices.kinds.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {(
          [
            ['from', from, setFrom],
            ['to', to, setTo],
          ] as const
        ).map(([name, value, set]) => (
          <div key={name} className={fieldStyles.field}>
            <label htmlFor={`documents-${name}`} className={fieldStyles.label}>
              {t(`invoices.documents.${name}`)}
            </label>
            <input
              id={`documents-${name}`}
              type="date"
              className={fieldStyles.input}
              value={value}
              onChange={(event) => {
                set(event.target.value);
                setPage(1);
              }}
            />
          </div>
        ))}
        <button type="button" className={button.secondary} onClick={() => void downloadLedger()}>
          {t('invoices.documents.ledger')}
        </button>
      </div>

      {error ? (
        <StateMessage kind="error" title={t('invoices.documents.loadError')} />
      ) : isLoading || !data ? (
        <LoadingBlocks label={t('invoices.documents.title')} count={3} blockClassName={styles.skeleton} />
      ) : data.data.length === 0 ? (
        <StateMessage kind="empty" title={t('invoices.documents.empty')} />
      ) : (
        <>
          <p role="status">{t('invoices.documents.count', { count: data.total })}</p>
          <DataTable
            columns={[
              { label: t('invoices.documents.number') },
              { label: t('invoices.documents.kind') },
              { label: t('invoices.documents.date') },
              { label: t('invoices.documents.order') },
              { label: t('invoices.documents.recipient') },
              { label: t('invoices.documents.vat'), kind: 'number' },
              { label: t('invoices.documents.total'), kind: 'number' },
              { label: t('invoices.documents.pdf') },
            ]}
          >
            {data.data.map((document) => (
              <tr key={`${document.kind}-${document.id}`}>
                <td>{document.number}</td>
                <td>{t(`invoices.kinds.${document.kind}`)}</td>
                <td>{date.format(new Date(document.issuedAt))}</td>
                <td>{document.orderReference}</td>
                <td>{document.recipient ?? '—'}</td>
                <td className={table.number}>{formatMoney(document.vat, lang, currency)}</td>
                <td className={table.number}>
                  {formatMoney(document.kind === 'credit-note' ? -document.total : document.total, lang, currency)}
                </td>
                <td>
                  <a
                    href={document.url}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('invoices.documents.open', {
                      kind: t(`invoices.kinds.${document.kind}`),
                      number: document.number,
                    })}
                  >
                    {t('invoices.documents.pdf')}
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
          {pages > 1 && (
            <div className={styles.pager}>
              <button type="button" className={button.secondary} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('invoices.documents.previous')}
              </button>
              <button
                type="button"
                className={button.secondary}
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                {t('invoices.documents.next')}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
