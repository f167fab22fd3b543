import { Fragment, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { COD_SETTLEMENTS, E_SHOP_NUMBER_MAX, PAYMENT_PROVIDER_ID_MAX, type RecordsSettings } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { useErrorText, type ErrorWording } from '../../../lib/error-text';
import { ensureToken } from '../../../lib/session-guard';
import { useFormProblems } from '../../../lib/use-form-problems';
import { Field } from '../../../components/field/field';
import { isDirty, useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import { updateRecords, useRecordsSettings } from '../api/records';
import {
  draftOf,
  parseRecords,
  type RECORDS_FIELDS,
  recordsErrors,
  type RecordsDraft,
  type RecordsField,
} from '../lib/records-form';
import styles from './records-settings.module.css';

const SAVE_FAILED: ErrorWording = {
  fallback: 'records.failed',
  codes: {
    VALIDATION_ERROR: 'records.invalid',
    CONFLICT: 'records.errors.firstDocumentNumberFixed',
    NETWORK_ERROR: 'admin.errors.network',
    UNAUTHORIZED: 'admin.errors.unauthorized',
    FORBIDDEN: 'admin.errors.forbidden',
  },
};

/** The series' first numbers, each fixed once its first document exists (409 naming the field). */
const FIRST_NUMBERS = ['firstDocumentNumber', 'firstInvoiceNumber'] as const;

/** The "Sale records" section of /admin/settings, once the admin's settings are read. */
export function RecordsSettingsSection() {
  const { records } = useRecordsSettings();
  return records ? <RecordsSettingsForm records={records} /> : null;
}

/**
 * What the revenue agency's alternative regime for e-shops needs (TRADE.md section 2): the
 * e-shop's number and type, its domain, the payment provider, the VAT rate, how cash on delivery
 * is settled, and the first numbers of the sale documents and of the invoices (each fixed once its
 * series has begun). Saved apart
 * from the other settings.
 */
export function RecordsSettingsForm({ records }: { records: RecordsSettings }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState<RecordsDraft>(() => draftOf(records));
  const [draft, setDraft] = useState<RecordsDraft>(saved);
  const dirty = isDirty(draft, saved);
  useUnsavedChanges(dirty);
  const { errors, summary, clear, show } = useFormProblems<RecordsField>(formRef);
  const [busy, setBusy] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { body, errors: found } = parseRecords(draft, t);
    if (!body) {
      show(found, t('records.invalid'));
      return;
    }
    if (!ensureToken(t)) return;
    setBusy(true);
    clear();
    try {
      const fresh = draftOf(await updateRecords(mutate, body));
      setSaved(fresh);
      setDraft(fresh);
      show({}, null);
      toast.success(t('records.saved'));
    } catch (error) {
      const fields = isApiError(error) ? recordsErrors(Object.keys(error.fields), t) : {};
      // A series has begun (409): the server names the first number that is fixed.
      const fixed =
        isApiError(error) && error.status === 409
          ? FIRST_NUMBERS.filter((name) => `records.${name}` in error.fields)
          : [];
      for (const name of fixed) fields[name] = t(`records.errors.${name}Fixed`);
      show(fields, fixed[0] ? t(`records.errors.${fixed[0]}Fixed`) : errorText(error, SAVE_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const set = (name: RecordsField, value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
    clear(name);
  };
  const field = (
    name: (typeof RECORDS_FIELDS)[number],
    props: React.InputHTMLAttributes<HTMLInputElement> & { hint?: string } = {},
  ) => (
    <Field
      label={t(`records.fields.${name}`)}
      name={`records.${name}`}
      value={draft[name]}
      error={errors[name]}
      disabled={busy}
      autoComplete="off"
      onChange={(event) => set(name, event.target.value)}
      {...props}
    />
  );
  const select = (name: 'eShopType' | 'codSettlement', options: readonly string[]) => (
    <label className={form.field}>
      <span className={form.label}>{t(`records.fields.${name}`)}</span>
      <select
        className={form.select}
        name={`records.${name}`}
        value={draft[name]}
        disabled={busy}
        onChange={(event) => set(name, event.target.value)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`records.${name}Options.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={save}
      noValidate
      aria-busy={busy}
      aria-labelledby="records-settings-title"
    >
      <fieldset className={form.fieldset}>
        <legend id="records-settings-title" className={form.legend}>
          {t('records.title')}
        </legend>
        <p className={form.hint}>{t('records.hint')}</p>
        {summary && (
          <div className={form.summary} role="alert">
            {summary}
          </div>
        )}
        <div className={styles.grid}>
          {field('eShopNumber', { maxLength: E_SHOP_NUMBER_MAX, hint: t('records.hints.eShopNumber') })}
          {select('eShopType', ['1', '2'])}
          {field('domain', { maxLength: 253, hint: t('records.hints.domain') })}
          {field('paymentProviderId', {
            maxLength: PAYMENT_PROVIDER_ID_MAX,
            hint: t('records.hints.paymentProviderId'),
          })}
          {field('vatRate', { inputMode: 'numeric', maxLength: 2, hint: t('records.hints.vatRate') })}
          {select('codSettlement', COD_SETTLEMENTS)}
          {FIRST_NUMBERS.map((name) => (
            <Fragment key={name}>
              {field(name, { inputMode: 'numeric', maxLength: 10, hint: t(`records.hints.${name}`) })}
            </Fragment>
          ))}
        </div>
      </fieldset>
      <div className={form.actions}>
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('records.saving') : t('records.save')}
        </button>
        <p className={form.hint} role="status">
          {dirty && t('records.unsaved')}
        </p>
      </div>
    </form>
  );
}
