import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { InvoiceDetails } from '@shop/contract';
import { InvoiceFields } from '../../../components/invoice-fields/invoice-fields';
import { isApiError } from '../../../lib/api-client';
import {
  EMPTY_INVOICE,
  invoiceDraftOf,
  invoiceServerErrors,
  parseInvoice,
  type InvoiceDraft,
  type InvoiceErrors,
  type InvoiceField,
} from '../../../lib/invoice-form';
import { saveInvoiceDetails } from '../api/invoices';
import button from '../../../components/button/button.module.css';
import styles from './request-invoice.module.css';

interface ProfileInvoiceProps {
  saved: InvoiceDetails | null | undefined;
  /** The profile is read again once they are saved or removed. */
  onSaved: () => unknown;
}

/** The profile's invoice details (TRADE.md section 3): kept for the next checkout, saved on their own. */
export function ProfileInvoice({ saved, onSaved }: ProfileInvoiceProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<InvoiceDraft>(() => invoiceDraftOf(saved));
  const [errors, setErrors] = useState<InvoiceErrors>({});
  const [busy, setBusy] = useState(false);

  const change = (field: InvoiceField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function save(details: InvoiceDetails | null) {
    setBusy(true);
    try {
      await saveInvoiceDetails(details);
      toast.success(t(details ? 'invoices.profile.saved' : 'invoices.profile.removed'));
      if (!details) setDraft(EMPTY_INVOICE);
      await onSaved();
    } catch (error) {
      if (isApiError(error) && error.code === 'VALIDATION_ERROR') setErrors(invoiceServerErrors(error.fields, t));
      toast.error(t('invoices.profile.failed'));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseInvoice(draft, t);
    if (parsed.errors) setErrors(parsed.errors);
    else void save(parsed.details);
  }

  return (
    <section className={styles.panel} aria-labelledby="profile-invoice-title">
      <h2 id="profile-invoice-title" className={styles.title}>
        {t('invoices.profile.title')}
      </h2>
      <p>{t('invoices.profile.intro')}</p>
      <form onSubmit={submit} noValidate className={styles.form}>
        <InvoiceFields draft={draft} errors={errors} onChange={change} disabled={busy} />
        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={busy}>
            {t('invoices.profile.save')}
          </button>
          {saved && (
            <button type="button" className={button.secondary} disabled={busy} onClick={() => void save(null)}>
              {t('invoices.profile.remove')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
