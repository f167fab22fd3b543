import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { DiscountCode, DiscountCodeBody } from '@shop/contract';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { useCurrency } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { EditIcon, TrashIcon } from '../../../components/icons/admin-icons';
import { ListState } from '../../../components/paged-list/paged-list';
import { Switch } from '../../../components/switch/switch';
import { deleteDiscountCode, updateDiscountCode, useDiscountCodes } from '../api/discount-codes';
import { CodeForm } from './code-form';
import badge from '../../../components/badge/badge.module.css';
import button from '../../../components/button/button.module.css';
import { DataTable } from '../../../components/table/data-table';
import table from '../../../components/table/table.module.css';
import styles from './discount-codes-screen.module.css';

const LOCALES: Record<string, string> = { en: 'en-GB', bg: 'bg-BG' };

/** A code as its PUT body: the same code with one thing changed (the active switch). */
const bodyOf = (code: DiscountCode): DiscountCodeBody => ({
  code: code.code,
  kind: code.kind,
  ...(code.value === null ? {} : { value: code.value }),
  minSubtotal: code.minSubtotal,
  startsAt: code.startsAt,
  endsAt: code.endsAt,
  maxUses: code.maxUses,
  maxUsesPerCustomer: code.maxUsesPerCustomer,
  includeSaleItems: code.includeSaleItems,
  active: code.active,
});

/**
 * The admin's discount codes (TRADE.md section 4): every code with its terms and uses, switched
 * on and off in place, created and edited in a dialog, deleted after a confirm.
 */
export function DiscountCodesScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const currency = useCurrency();
  const errorText = useErrorText();
  const { data, error, mutate } = useDiscountCodes();
  const [editing, setEditing] = useState<DiscountCode | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<DiscountCode | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [switching, setSwitching] = useState<number | null>(null);
  // What counts as ended: the moment the screen opened (a render reads no clock).
  const [now] = useState(() => Date.now());
  const money = (amount: number) => formatMoney(amount, lang, currency);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(LOCALES[lang] ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

  const discountOf = (code: DiscountCode) =>
    code.kind === 'free-delivery'
      ? t('adminDiscounts.kinds.free-delivery')
      : code.kind === 'percent'
        ? t('adminDiscounts.table.percent', { value: code.value ?? 0 })
        : money(code.value ?? 0);

  const datesOf = (code: DiscountCode) =>
    code.startsAt && code.endsAt
      ? t('adminDiscounts.table.between', { start: when(code.startsAt), end: when(code.endsAt) })
      : code.startsAt
        ? t('adminDiscounts.table.from', { start: when(code.startsAt) })
        : code.endsAt
          ? t('adminDiscounts.table.until', { end: when(code.endsAt) })
          : t('adminDiscounts.table.always');

  async function setActive(code: DiscountCode, active: boolean) {
    setSwitching(code.id);
    try {
      const saved = await updateDiscountCode(code.id, { ...bodyOf(code), active });
      await mutate((current) => current?.map((other) => (other.id === saved.id ? saved : other)), {
        revalidate: true,
      });
      toast.success(t(active ? 'adminDiscounts.toasts.on' : 'adminDiscounts.toasts.off', { code: code.code }));
    } catch (failure) {
      toast.error(t('adminDiscounts.toasts.saveFailed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setSwitching(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteDiscountCode(toDelete.id);
      toast.success(t('adminDiscounts.toasts.deleted', { code: toDelete.code }));
    } catch (failure) {
      toast.error(t('adminDiscounts.toasts.deleteFailed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setDeleting(false);
      setToDelete(null);
      void mutate();
    }
  }

  function saved(code: DiscountCode) {
    const created = editing === 'new';
    setEditing(null);
    toast.success(t(created ? 'adminDiscounts.toasts.created' : 'adminDiscounts.toasts.saved', { code: code.code }));
    void mutate();
  }

  const codes = data ?? [];
  return (
    <div className={styles.screen}>
      <div className={styles.bar}>
        <button type="button" className={button.primary} onClick={() => setEditing('new')}>
          {t('adminDiscounts.new')}
        </button>
      </div>

      <ListState
        failed={Boolean(error)}
        rows={data ? codes.length : undefined}
        labels={{
          error: t('adminDiscounts.loadError'),
          empty: t('adminDiscounts.empty'),
          loading: t('adminDiscounts.loading'),
        }}
      >
        <DataTable
          className={styles.table}
          caption={t('adminDiscounts.table.caption', { count: codes.length })}
          columns={[
            { label: t('adminDiscounts.table.code') },
            { label: t('adminDiscounts.table.discount') },
            { label: t('adminDiscounts.table.minimum') },
            { label: t('adminDiscounts.table.dates') },
            { label: t('adminDiscounts.table.uses'), kind: 'number' },
            { label: t('adminDiscounts.table.perCustomer'), kind: 'number' },
            { label: t('adminDiscounts.table.saleItems') },
            { label: t('adminDiscounts.table.active') },
            { label: t('adminDiscounts.table.actions'), kind: 'actions' },
          ]}
        >
          {codes.map((code) => (
            <tr key={code.id} data-testid={`code-${code.code}`}>
              <th scope="row" className={styles.code}>
                {code.code}
              </th>
              <td data-label={t('adminDiscounts.table.discount')}>{discountOf(code)}</td>
              <td data-label={t('adminDiscounts.table.minimum')}>
                {code.minSubtotal === null ? <span className={table.muted}>—</span> : money(code.minSubtotal)}
              </td>
              <td data-label={t('adminDiscounts.table.dates')} className={styles.dates}>
                {datesOf(code)}
                {code.endsAt !== null && Date.parse(code.endsAt) <= now && (
                  <>
                    {' '}
                    <span className={badge.accent}>{t('adminDiscounts.table.expired')}</span>
                  </>
                )}
              </td>
              <td data-label={t('adminDiscounts.table.uses')} className={`${table.number} ${styles.uses}`}>
                {code.maxUses === null
                  ? t('adminDiscounts.table.usesOpen', { uses: code.uses })
                  : t('adminDiscounts.table.usesOf', { uses: code.uses, max: code.maxUses })}
              </td>
              <td data-label={t('adminDiscounts.table.perCustomer')} className={table.number}>
                {code.maxUsesPerCustomer}
              </td>
              <td data-label={t('adminDiscounts.table.saleItems')}>
                <span className={code.includeSaleItems ? badge.solid : badge.dashed}>
                  {code.includeSaleItems ? t('adminDiscounts.table.included') : t('adminDiscounts.table.excluded')}
                </span>
              </td>
              <td data-label={t('adminDiscounts.table.active')}>
                <Switch
                  checked={code.active}
                  disabled={switching === code.id}
                  onChange={(active) => void setActive(code, active)}
                >
                  <span className="visually-hidden">{t('adminDiscounts.table.activeFor', { code: code.code })}</span>
                </Switch>
              </td>
              <td>
                <div className={table.actionRow}>
                  <button
                    type="button"
                    className={table.action}
                    aria-label={t('adminDiscounts.table.editLabel', { code: code.code })}
                    title={t('adminDiscounts.table.edit')}
                    onClick={() => setEditing(code)}
                  >
                    <EditIcon />
                    <span className={styles.actionText}>{t('adminDiscounts.table.edit')}</span>
                  </button>
                  <button
                    type="button"
                    className={table.danger}
                    aria-label={t('adminDiscounts.table.deleteLabel', { code: code.code })}
                    title={t('adminDiscounts.table.delete')}
                    onClick={() => setToDelete(code)}
                  >
                    <TrashIcon />
                    <span className={styles.actionText}>{t('adminDiscounts.table.delete')}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListState>

      {editing && (
        <CodeForm code={editing === 'new' ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} />
      )}
      {toDelete && (
        <ConfirmDialog
          title={t('adminDiscounts.confirm.title')}
          text={t('adminDiscounts.confirm.text', { code: toDelete.code, uses: toDelete.uses })}
          confirmLabel={t('adminDiscounts.confirm.yes')}
          busyLabel={t('adminDiscounts.confirm.deleting')}
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        />
      )}
    </div>
  );
}
