import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import type { InvoiceDetails, Order } from '@shop/contract';
import { InvoiceFields } from '../../../components/invoice-fields/invoice-fields';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import {
  invoiceDraftOf,
  invoiceServerErrors,
  parseInvoice,
  type InvoiceDraft,
  type InvoiceErrors,
  type InvoiceField,
} from '../../../lib/invoice-form';
import { refreshOrder, requestInvoice } from '../api/invoices';
import { useOrderDocuments } from '../api/order-documents';
import button from '../../../components/button/button.module.css';
import styles from './request-invoice.module.css';

/** Orders an invoice may still be asked for: not closed without a sale. */
const OPEN = new Set(['pending', 'placed', 'paid']);

interface RequestInvoiceProps {
  order: Pick<Order, 'id' | 'status' | 'invoiceRequested'>;
  /** The profile's kept details, to fill the fields. */
  saved?: InvoiceDetails | null | undefined;
  /** The admin's order page asks on the buyer's behalf. */
  admin?: boolean;
}

/**
 * "Request an invoice" on an order (TRADE.md section 3): the company's fields, then the invoice
 * at once for a paid order (it joins the order's documents), or its request until the tax event
 * (cash on delivery: the delivery). Once asked, the order says so instead.
 */
export function RequestInvoice({ order, saved, admin = false }: RequestInvoiceProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<InvoiceDraft>(() => invoiceDraftOf(saved));
  const [errors, setErrors] = useState<InvoiceErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // An invoice issued is among the order's documents: the note names it (issue 45).
  const { data: documents } = useOrderDocuments(order.id, Boolean(order.invoiceRequested || done));
  const invoice = documents?.find((document) => document.kind === 'invoice');

  if (order.invoiceRequested || done) {
    return (
      <p className={styles.note} role="status">
        {invoice
          ? t('invoices.request.issuedNote', { number: invoice.number })
          : (done ?? t('invoices.request.alreadyRequested'))}
      </p>
    );
  }
  if (!OPEN.has(order.status)) return null;

  const change = (field: InvoiceField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseInvoice(draft, t);
    if (parsed.errors) {
      setErrors(parsed.errors);
      return;
    }
    setBusy(true);
    try {
      const answer = await requestInvoice(order.id, parsed.details, admin);
      const text =
        'number' in answer ? t('invoices.request.issued', { number: answer.number }) : t('invoices.request.requested');
      setDone(text);
      toast.success(text);
      void refreshOrder(mutate, order.id);
    } catch (error) {
      if (isApiError(error) && error.code === 'VALIDATION_ERROR') setErrors(invoiceServerErrors(error.fields, t));
      if (isApiError(error) && error.code === 'INVOICE_EXISTS') {
        setDone(t('invoices.request.alreadyRequested'));
        void refreshOrder(mutate, order.id);
      }
      toast.error(
        errorText(error, {
          fallback: 'invoices.request.failed',
          codes: { TEST_PAYMENTS: 'invoices.request.testPayment' },
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby={`invoice-${order.id}`}>
      <h2 id={`invoice-${order.id}`} className={styles.title}>
        {t('invoices.request.title')}
      </h2>
      {open ? (
        <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
          <InvoiceFields draft={draft} errors={errors} onChange={change} disabled={busy} />
          <div className={styles.actions}>
            <button type="submit" className={button.primary} disabled={busy}>
              {t('invoices.request.submit')}
            </button>
            <button type="button" className={button.secondary} disabled={busy} onClick={() => setOpen(false)}>
              {t('invoices.request.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className={button.secondary} onClick={() => setOpen(true)}>
          {t('invoices.request.open')}
        </button>
      )}
    </section>
  );
}
