import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetails } from '@shop/contract';
import { InvoiceFields } from '../../../components/invoice-fields/invoice-fields';
import {
  EMPTY_INVOICE,
  invoiceDraftOf,
  invoiceServerErrors,
  parseInvoice,
  type InvoiceDraft,
  type InvoiceErrors,
  type InvoiceField,
} from '../../../lib/invoice-form';
import styles from './checkout-view.module.css';

/** What the checkout sends of the invoice: nothing, or the company and whether to keep it. */
export type CheckoutInvoiceBody = { invoice?: InvoiceDetails; saveInvoiceDetails?: boolean };

/**
 * The checkout's invoice (TRADE.md section 3): "I need an invoice" reveals the company's fields,
 * filled from the profile's kept details (and then ticked), with "Keep these details in my
 * profile". `body()` checks them with the contract's schema: null while a field is wrong (its
 * error shown); `serverErrors` shows what the server refused.
 */
export function useCheckoutInvoice(saved: InvoiceDetails | null | undefined) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [keep, setKeep] = useState(false);
  const [draft, setDraft] = useState<InvoiceDraft>(EMPTY_INVOICE);
  const [errors, setErrors] = useState<InvoiceErrors>({});
  const filled = useRef(false);

  useEffect(() => {
    if (saved && !filled.current) {
      filled.current = true;
      setDraft(invoiceDraftOf(saved));
      setWanted(true);
    }
  }, [saved]);

  const change = (field: InvoiceField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function body(): CheckoutInvoiceBody | null {
    if (!wanted) return {};
    const parsed = parseInvoice(draft, t);
    if (parsed.errors) {
      setErrors(parsed.errors);
      return null;
    }
    return { invoice: parsed.details, ...(keep ? { saveInvoiceDetails: true } : {}) };
  }

  /** Shows the invoice fields the server refused; true when there was one. */
  function serverErrors(fields: Record<string, string>): boolean {
    const refused = invoiceServerErrors(fields, t);
    setErrors(refused);
    return Object.keys(refused).length > 0;
  }

  return { body, serverErrors, props: { wanted, setWanted, keep, setKeep, draft, errors, change } };
}

type CheckoutInvoiceProps = ReturnType<typeof useCheckoutInvoice>['props'] & { disabled?: boolean };

export function CheckoutInvoice({
  wanted,
  setWanted,
  keep,
  setKeep,
  draft,
  errors,
  change,
  disabled,
}: CheckoutInvoiceProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.step}>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="needInvoice"
          checked={wanted}
          disabled={disabled}
          onChange={(event) => setWanted(event.target.checked)}
        />
        <span>{t('invoices.need')}</span>
      </label>
      {wanted && (
        <>
          <p className={styles.hint}>{t('invoices.needHint')}</p>
          <InvoiceFields draft={draft} errors={errors} onChange={change} disabled={disabled} />
          <label className={styles.check}>
            <input
              type="checkbox"
              name="saveInvoiceDetails"
              checked={keep}
              disabled={disabled}
              onChange={(event) => setKeep(event.target.checked)}
            />
            <span>{t('invoices.keep')}</span>
          </label>
        </>
      )}
    </div>
  );
}
