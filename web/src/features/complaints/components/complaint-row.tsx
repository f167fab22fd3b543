import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { colorNameIn, itemNameIn, type AdminComplaint, type Language } from '@shop/contract';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { useSettings } from '../../../lib/settings';
import button from '../../../components/button/button.module.css';
import table from '../../../components/table/table.module.css';
import { isAdminComplaintsKey, markComplaintRepaired } from '../api/complaints';
import { DecideForm } from './decide-form';
import { dateOf, DueDate } from './due-date';
import styles from './complaints-screen.module.css';

/** One complaint of the register: its number, consumer, item, defect, due date or decision, and what the owner can do. */
export function ComplaintRow({ complaint, lang }: { complaint: AdminComplaint; lang: Language }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const { data: settings } = useSettings();
  const currency = settings?.currency ?? 'EUR';
  const [deciding, setDeciding] = useState(false);
  const [busy, setBusy] = useState(false);
  const item = `${itemNameIn(complaint.item, lang)} (${colorNameIn(complaint.item, lang)}, ${complaint.item.size})`;

  async function repaired() {
    setBusy(true);
    try {
      await markComplaintRepaired(complaint.id);
      await mutate(isAdminComplaintsKey);
      toast.success(t('complaints.admin.toasts.repaired', { number: complaint.number }));
    } catch (failure) {
      toast.error(t('complaints.admin.toasts.failed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr>
      <td data-label={t('complaints.admin.table.number')}>
        <strong className={table.number}>{complaint.number}</strong>
        <span className={`${table.muted} ${styles.block}`}>{dateOf(complaint.createdAt, lang)}</span>
        {complaint.acknowledgementUrl && (
          <a
            href={complaint.acknowledgementUrl}
            className={styles.block}
            target="_blank"
            rel="noopener"
            download
            aria-label={t('complaints.admin.acknowledgementNamed', { number: complaint.number })}
          >
            {t('complaints.admin.acknowledgement')}
          </a>
        )}
      </td>
      <td data-label={t('complaints.admin.table.customer')}>
        {complaint.customer.name}
        {complaint.customer.email && (
          <span className={`${table.muted} ${styles.block}`}>{complaint.customer.email}</span>
        )}
        {complaint.customer.phone && (
          <span className={`${table.muted} ${styles.block}`}>{complaint.customer.phone}</span>
        )}
      </td>
      <td data-label={t('complaints.admin.table.item')}>
        <Link to={`/admin/orders/${complaint.orderId}`}>{complaint.orderReference}</Link>
        <span className={styles.block}>{item}</span>
        {complaint.guaranteeEndsAt && (
          <span className={`${table.muted} ${styles.block}`}>
            {t('complaints.guarantee.until', { date: dateOf(complaint.guaranteeEndsAt, lang) })}
          </span>
        )}
      </td>
      <td data-label={t('complaints.admin.table.defect')} className={styles.defect}>
        <p className={styles.text}>{complaint.description}</p>
        <span className={table.muted}>
          {t('complaints.admin.asked', { remedy: t(`complaints.remedies.${complaint.remedy}`) })}
        </span>
        {complaint.photos.length > 0 && (
          <span className={styles.photos}>
            {complaint.photos.map((url, index) => (
              <a key={url} href={url} target="_blank" rel="noreferrer">
                {t('complaints.admin.photo', { number: index + 1 })}
              </a>
            ))}
          </span>
        )}
      </td>
      <td
        className={complaint.status === 'open' ? styles.dueCell : undefined}
        data-label={t(complaint.status === 'open' ? 'complaints.admin.table.due' : 'complaints.admin.table.decision')}
      >
        {complaint.status === 'open' ? (
          <DueDate dueAt={complaint.dueAt} lang={lang} />
        ) : (
          <>
            <strong>{t(`complaints.outcomes.${complaint.outcome ?? 'rejected'}`)}</strong>
            {complaint.amount !== null && (
              <span className={styles.block}>{formatMoney(complaint.amount, lang, currency)}</span>
            )}
            {complaint.note && <span className={`${table.muted} ${styles.block}`}>{complaint.note}</span>}
            {complaint.decidedAt && (
              <span className={`${table.muted} ${styles.block}`}>{dateOf(complaint.decidedAt, lang)}</span>
            )}
            {complaint.repairedAt && (
              <span className={styles.block}>
                {t('complaints.admin.repairedOn', { date: dateOf(complaint.repairedAt, lang) })}
              </span>
            )}
          </>
        )}
      </td>
      <td>
        <div className={table.actionRow}>
          {complaint.status === 'open' && !deciding && (
            <button
              type="button"
              className={button.primary}
              aria-label={t('complaints.admin.decideNamed', { number: complaint.number })}
              onClick={() => setDeciding(true)}
            >
              {t('complaints.admin.decide')}
            </button>
          )}
          {complaint.outcome === 'repair' && !complaint.repairedAt && (
            <button
              type="button"
              className={button.secondary}
              disabled={busy}
              aria-label={t('complaints.admin.repairedNamed', { number: complaint.number })}
              onClick={() => void repaired()}
            >
              {t('complaints.admin.repaired')}
            </button>
          )}
        </div>
        {deciding && (
          <DecideForm
            complaint={complaint}
            currency={currency}
            onDone={() => setDeciding(false)}
            onCancel={() => setDeciding(false)}
          />
        )}
      </td>
    </tr>
  );
}
