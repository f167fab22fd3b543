import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminUser } from '@shop/contract';
import button from '../../../components/button/button.module.css';
import { Field } from '../../../components/field/field';
import { Modal } from '../../../components/modal/modal';
import modal from '../../../components/modal/modal.module.css';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { ensureToken } from '../../../lib/session-guard';
import { giveStoreCredit } from '../api/give-store-credit';
import styles from './user-table.module.css';

interface StoreCreditDialogProps {
  user: AdminUser;
  money: (amount: number) => string;
  onGiven: () => void;
  onClose: () => void;
}

/**
 * The owner's goodwill credit for a shopper (YEAR.md section 3): an amount and the reason, which
 * the audit log keeps; the shopper spends it at checkout. A refusal stays beside its field.
 */
export function StoreCreditDialog({ user, money, onGiven, onClose }: StoreCreditDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  /** The page's own words for each refused field (the server's are in English). */
  const problems = (amountBad: boolean, reasonBad: boolean) => ({
    ...(amountBad ? { amount: t('admin.users.creditAmountError') } : {}),
    ...(reasonBad ? { reason: t('admin.users.creditReasonError') } : {}),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const sum = amount.trim().replace(',', '.');
    const found = problems(!/^\d+(\.\d{1,2})?$/.test(sum) || Number(sum) <= 0, !reason.trim());
    setFields(found);
    if (Object.keys(found).length > 0 || !ensureToken(t)) return;
    setBusy(true);
    try {
      const { storeCredit } = await giveStoreCredit(user.id, sum, reason.trim());
      toast.success(t('admin.users.creditGiven', { name: user.name, amount: money(storeCredit) }));
      onGiven();
    } catch (error) {
      const refused = isApiError(error) ? error.fields : {};
      setFields(problems('amount' in refused, 'reason' in refused));
      if (!('amount' in refused || 'reason' in refused)) toast.error(errorText(error, ADMIN_FAILED));
      setBusy(false);
    }
  }

  return (
    <Modal title={t('admin.users.creditTitle', { name: user.name })} onClose={busy ? undefined : onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.creditForm} aria-busy={busy}>
        <p className={modal.text}>{t('admin.users.creditNow', { amount: money(user.storeCredit) })}</p>
        <Field
          label={t('admin.users.creditAmount')}
          inputMode="decimal"
          value={amount}
          error={fields.amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <Field
          label={t('admin.users.creditReason')}
          value={reason}
          maxLength={300}
          error={fields.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className={modal.actions}>
          <button type="button" className={button.secondary} onClick={onClose} disabled={busy}>
            {t('admin.users.creditCancel')}
          </button>
          <button type="submit" className={button.primary} disabled={busy} aria-busy={busy}>
            {t('admin.users.creditGive')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
