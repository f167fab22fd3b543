import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import {
  COMPLAINT_OUTCOMES,
  colorNameIn,
  itemNameIn,
  type AdminComplaint,
  type ComplaintOutcome,
  type Language,
} from '@shop/contract';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { useSettings } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import { Pager } from '../../../components/pager/pager';
import { StateMessage } from '../../../components/state-message/state-message';
import { Tabs } from '../../../components/tabs/tabs';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import { DataTable, TableLoading } from '../../../components/table/data-table';
import table from '../../../components/table/table.module.css';
import {
  decideComplaint,
  downloadComplaintsRegister,
  isAdminComplaintsKey,
  markComplaintRepaired,
  useAdminComplaints,
} from '../api/complaints';
import styles from './complaints-screen.module.css';

const LOCALES: Record<Language, string> = { en: 'en-GB', bg: 'bg-BG' };
const TABS = ['open', 'decided'] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

const dateOf = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' }).format(new Date(iso));

/** Days left to the due date, negative when it passed. */
export const daysLeft = (dueAt: string, now = Date.now()) => Math.ceil((Date.parse(dueAt) - now) / DAY_MS);

/**
 * The owner's register of complaints (/admin/complaints; YEAR.md section 6, decision 0059): open
 * ones by due date, each with the consumer, the item, the defect and its photos, what was asked,
 * and the decision's form; decided ones with their decision, and "Repair done" for a repair; the
 * register as CSV.
 */
export function ComplaintsScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('status') === 'decided' ? 'decided' : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isValidating } = useAdminComplaints(tab, page, PAGE_SIZE);
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadComplaintsRegister(lang);
    } catch (failure) {
      toast.error(t('complaints.admin.exportFailed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setDownloading(false);
    }
  }

  const complaints = data?.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const go = (next: { status?: Tab; page?: number }) => {
    const status = next.status ?? tab;
    const number = next.page ?? 1;
    setParams(
      { ...(status === 'open' ? {} : { status }), ...(number > 1 ? { page: String(number) } : {}) },
      { replace: true, preventScrollReset: true },
    );
  };

  let panel: React.ReactNode;
  if (error && !complaints) panel = <StateMessage kind="error" title={t('complaints.admin.loadError')} />;
  else if (!complaints) panel = <TableLoading>{t('common.loading')}</TableLoading>;
  else if (complaints.length === 0) panel = <StateMessage kind="empty" title={t(`complaints.admin.empty.${tab}`)} />;
  else
    panel = (
      <>
        <DataTable
          busy={isValidating}
          columns={[
            { label: t('complaints.admin.table.number') },
            { label: t('complaints.admin.table.customer') },
            { label: t('complaints.admin.table.item') },
            { label: t('complaints.admin.table.defect') },
            { label: t(tab === 'open' ? 'complaints.admin.table.due' : 'complaints.admin.table.decision') },
            { label: t('complaints.admin.table.actions'), kind: 'actions' },
          ]}
        >
          {complaints.map((complaint) => (
            <ComplaintRow key={complaint.id} complaint={complaint} lang={lang} />
          ))}
        </DataTable>
        <Pager
          page={page}
          pages={pages}
          onGo={(number) => go({ page: number })}
          labels={{
            nav: t('complaints.admin.pages.label'),
            previous: t('complaints.admin.pages.previous'),
            next: t('complaints.admin.pages.next'),
            of: t('complaints.admin.pages.of', { page, pages }),
          }}
        />
      </>
    );

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <button type="button" className={button.secondary} disabled={downloading} onClick={() => void download()}>
          {t('complaints.admin.export')}
        </button>
      </div>
      <Tabs
        label={t('complaints.admin.tabs.label')}
        tabs={TABS.map((name) => ({ name, label: t(`complaints.admin.tabs.${name}`) }))}
        selected={tab}
        onSelect={(next) => go({ status: next })}
        title={t(`complaints.admin.tabs.${tab}`)}
      >
        {panel}
      </Tabs>
    </div>
  );
}

function ComplaintRow({ complaint, lang }: { complaint: AdminComplaint; lang: Language }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const { data: settings } = useSettings();
  const currency = settings?.currency ?? 'EUR';
  const [deciding, setDeciding] = useState(false);
  const [busy, setBusy] = useState(false);
  const item = `${itemNameIn(complaint.item, lang)} (${colorNameIn(complaint.item, lang)}, ${complaint.item.size})`;
  const left = daysLeft(complaint.dueAt);

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
        data-label={t(complaint.status === 'open' ? 'complaints.admin.table.due' : 'complaints.admin.table.decision')}
      >
        {complaint.status === 'open' ? (
          <span data-overdue={left < 0 ? '' : undefined} className={styles.due}>
            {dateOf(complaint.dueAt, lang)}
            <span className={styles.block}>
              {left < 0
                ? t('complaints.admin.overdue', { count: -left })
                : t('complaints.admin.daysLeft', { count: left })}
            </span>
          </span>
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

function DecideForm({
  complaint,
  currency,
  onDone,
  onCancel,
}: {
  complaint: AdminComplaint;
  currency: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [outcome, setOutcome] = useState<ComplaintOutcome>(complaint.remedy);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const money = outcome === 'refund' || outcome === 'price-reduction';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setBusy(true);
    try {
      await decideComplaint(complaint.id, {
        outcome,
        note,
        ...(money && amount.trim() !== '' ? { amount: amount.trim().replace(',', '.') } : {}),
      });
      await mutate(isAdminComplaintsKey);
      toast.success(t('complaints.admin.toasts.decided', { number: complaint.number }));
      onDone();
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.fields).length > 0) setErrors(failure.fields);
      else toast.error(t('complaints.admin.toasts.failed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={styles.decide}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('complaints.admin.decideNamed', { number: complaint.number })}
    >
      <div className={form.field}>
        <label htmlFor={`${id}-outcome`} className={form.label}>
          {t('complaints.admin.form.outcome')}
        </label>
        <select
          id={`${id}-outcome`}
          className={form.select}
          value={outcome}
          onChange={(event) => setOutcome(event.target.value as ComplaintOutcome)}
        >
          {COMPLAINT_OUTCOMES.map((each) => (
            <option key={each} value={each}>
              {t(`complaints.outcomes.${each}`)}
            </option>
          ))}
        </select>
      </div>
      {money && (
        <div className={form.field}>
          <label htmlFor={`${id}-amount`} className={form.label}>
            {t('complaints.admin.form.amount', { currency })}
          </label>
          <input
            id={`${id}-amount`}
            className={form.input}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={`${id}-amount-hint`}
          />
          <p id={`${id}-amount-hint`} className={form.hint}>
            {t(outcome === 'refund' ? 'complaints.admin.form.refundHint' : 'complaints.admin.form.reductionHint')}
          </p>
          {errors.amount && (
            <p className={form.error} role="alert">
              {errors.amount}
            </p>
          )}
        </div>
      )}
      <div className={form.field}>
        <label htmlFor={`${id}-note`} className={form.label}>
          {t('complaints.admin.form.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className={form.textarea}
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={errors.note ? true : undefined}
        />
        {errors.note && (
          <p className={form.error} role="alert">
            {errors.note}
          </p>
        )}
      </div>
      <p className={form.hint}>{t('complaints.admin.form.mailed')}</p>
      <div className={styles.formActions}>
        <button type="submit" className={button.primary} disabled={busy}>
          {t('complaints.admin.form.submit')}
        </button>
        <button type="button" className={button.secondary} onClick={onCancel}>
          {t('complaints.form.cancel')}
        </button>
      </div>
    </form>
  );
}
