import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { COMPLAINT_OUTCOMES, type AdminComplaint, type ComplaintOutcome } from '@shop/contract';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import { decideComplaint, isAdminComplaintsKey } from '../api/complaints';
import styles from './complaints-screen.module.css';

/** The decision of an open complaint: the outcome (the remedy asked first), the amount for money, a note; mailed. */
export function DecideForm({
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
