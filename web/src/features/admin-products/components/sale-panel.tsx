import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import type { Product } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { useCurrency } from '../../../lib/settings';
import { useFormProblems } from '../../../lib/use-form-problems';
import { useLanguage } from '../../../lib/use-language';
import { isDirty, useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { endSale, priceHistoryKey, saveSale, usePriceHistory } from '../api/sale';
import { revalidateCatalog } from '../api/revalidate-catalog';
import { parseSale, saleDraftOf, saleServerErrors, type SaleDraft, type SaleField } from '../lib/sale-form';
import badge from '../../../components/badge/badge.module.css';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import { DataTable } from '../../../components/table/data-table';
import table from '../../../components/table/table.module.css';
import { EditorPanel } from './editor-panel';
import styles from './sale-panel.module.css';

const LOCALES: Record<string, string> = { en: 'en-GB', bg: 'bg-BG' };

/**
 * The editor's Sale panel (TRADE.md section 4): the sale price with an optional start and end,
 * saved on its own (apart from the product form), the sale set (to come or running), ending it,
 * and the history of the price shoppers paid.
 */
export function SalePanel({ product }: { product: Product }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const currency = useCurrency();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, summary, clear, show } = useFormProblems<SaleField>(formRef);
  const scheduled = product.scheduledSale ?? null;
  const [saved, setSaved] = useState<SaleDraft>(() => saleDraftOf(scheduled, lang));
  const [draft, setDraft] = useState<SaleDraft>(saved);
  useUnsavedChanges(isDirty(draft, saved));
  const [busy, setBusy] = useState<'save' | 'end' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const money = (amount: number) => formatMoney(amount, lang, currency);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(LOCALES[lang] ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  // In force now, as the server says it (the product answers the sale once it has started).
  const running = scheduled !== null && product.sale !== null;

  async function refresh() {
    await Promise.all([revalidateCatalog(mutate), mutate(priceHistoryKey(product.id))]);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { body, errors: found } = parseSale(draft, product.regularPrice, lang, t, money);
    if (!body) {
      show(found, null);
      return;
    }
    setBusy('save');
    clear();
    try {
      await saveSale(product.id, body);
    } catch (error) {
      setBusy(null);
      toast.error(t('admin.sale.failed'));
      if (isApiError(error) && error.status === 400 && Object.keys(error.fields).length > 0) {
        show(saleServerErrors(error.fields, product.regularPrice, t, money), null);
      } else show({}, errorText(error, ADMIN_FAILED));
      return;
    }
    setSaved(draft);
    await refresh();
    setBusy(null);
    toast.success(t('admin.sale.saved'));
  }

  async function end() {
    setBusy('end');
    try {
      await endSale(product.id);
    } catch (error) {
      setBusy(null);
      setConfirming(false);
      toast.error(t('admin.sale.endFailed'));
      show({}, errorText(error, ADMIN_FAILED));
      return;
    }
    await refresh();
    setBusy(null);
    setConfirming(false);
    setDraft(saleDraftOf(null, lang));
    setSaved(saleDraftOf(null, lang));
    toast.success(t('admin.sale.ended'));
  }

  const field = (name: SaleField, label: string, input: React.InputHTMLAttributes<HTMLInputElement>, hint?: string) => {
    const controlId = `${id}-${name}`;
    const described = [hint && `${controlId}-hint`, errors[name] && `${controlId}-error`].filter(Boolean).join(' ');
    return (
      <div className={form.field}>
        <label htmlFor={controlId} className={form.label}>
          {label}
          {name !== 'price' && <span className={form.optional}> {t('admin.sale.optional')}</span>}
        </label>
        <input
          {...input}
          id={controlId}
          name={name}
          className={form.input}
          value={draft[name]}
          disabled={busy !== null}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => {
            const value = event.target.value;
            setDraft((current) => ({ ...current, [name]: value }));
            clear(name);
          }}
        />
        {hint && (
          <p id={`${controlId}-hint`} className={form.hint}>
            {hint}
          </p>
        )}
        {errors[name] && (
          <p id={`${controlId}-error`} className={form.error}>
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <EditorPanel
      title={t('admin.sale.title')}
      hint={t('admin.sale.hint')}
      status={
        <div className={styles.state} role="status">
          <p className={styles.regular}>{t('admin.sale.regularPrice', { price: money(product.regularPrice) })}</p>
          {scheduled ? (
            <p className={styles.current}>
              <span className={running ? badge.accent : badge.dashed}>
                {running ? t('admin.sale.badgeRunning') : t('admin.sale.badgeScheduled')}
              </span>{' '}
              {running
                ? t(scheduled.endsAt ? 'admin.sale.runningUntil' : 'admin.sale.running', {
                    price: money(scheduled.price),
                    end: scheduled.endsAt ? when(scheduled.endsAt) : '',
                  })
                : t(scheduled.endsAt ? 'admin.sale.scheduledUntil' : 'admin.sale.scheduled', {
                    price: money(scheduled.price),
                    start: when(scheduled.startsAt),
                    end: scheduled.endsAt ? when(scheduled.endsAt) : '',
                  })}
            </p>
          ) : (
            <p className={styles.current}>{t('admin.sale.none')}</p>
          )}
          {product.sale && product.sale.percentOff === 0 && (
            <p className={form.hint}>{t('admin.sale.noReduction', { price: money(product.sale.priorPrice) })}</p>
          )}
        </div>
      }
      formRef={formRef}
      onSubmit={submit}
      summary={summary}
      submitLabel={
        busy === 'save' ? t('admin.sale.saving') : scheduled ? t('admin.sale.save') : t('admin.sale.schedule')
      }
      busy={busy !== null}
      secondary={
        scheduled && (
          <button
            type="button"
            className={button.secondary}
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            {t('admin.sale.end')}
          </button>
        )
      }
      footer={
        <>
          <PriceHistory productId={product.id} money={money} when={when} />

          {confirming && scheduled && (
            <ConfirmDialog
              title={t('admin.sale.endTitle')}
              text={t(running ? 'admin.sale.endText' : 'admin.sale.endTextScheduled', {
                price: money(product.regularPrice),
              })}
              confirmLabel={t('admin.sale.end')}
              busyLabel={t('admin.sale.ending')}
              busy={busy === 'end'}
              onConfirm={() => void end()}
              onCancel={() => setConfirming(false)}
            />
          )}
        </>
      }
    >
      <div className={styles.fields}>
        {field('price', t('admin.sale.price'), { type: 'text', inputMode: 'decimal', autoComplete: 'off' })}
        {field('startsAt', t('admin.sale.startsAt'), { type: 'datetime-local' }, t('admin.sale.startsHint'))}
        {field('endsAt', t('admin.sale.endsAt'), { type: 'datetime-local' }, t('admin.sale.endsHint'))}
      </div>
    </EditorPanel>
  );
}

interface PriceHistoryProps {
  productId: number;
  money: (amount: number) => string;
  when: (iso: string) => string;
}

/** Every change of the price shoppers paid, oldest first (as the api answers it). */
function PriceHistory({ productId, money, when }: PriceHistoryProps) {
  const { t } = useTranslation();
  const { data, error } = usePriceHistory(productId);
  const titleId = useId();
  return (
    <div className={styles.history}>
      <h3 id={titleId} className={styles.historyTitle}>
        {t('admin.sale.history.title')}
      </h3>
      <p className={form.hint}>{t('admin.sale.history.hint')}</p>
      {error && !data ? (
        <p className={form.problem} role="alert">
          {t('admin.sale.history.loadError')}
        </p>
      ) : data && data.length === 0 ? (
        <p className={form.hint}>{t('admin.sale.history.empty')}</p>
      ) : data ? (
        <DataTable
          className={styles.table}
          labelledBy={titleId}
          columns={[{ label: t('admin.sale.history.when') }, { label: t('admin.sale.history.price'), kind: 'number' }]}
        >
          {data.map((change) => (
            <tr key={change.at}>
              <td>
                <time dateTime={change.at}>{when(change.at)}</time>
              </td>
              <td className={table.number}>{money(change.price)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </div>
  );
}
