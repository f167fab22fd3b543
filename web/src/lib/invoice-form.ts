import type { TFunction } from 'i18next';
import { INVOICE_MESSAGES, InvoiceDetailsSchema, type InvoiceDetails } from '@shop/contract';

/**
 * The invoice fields (TRADE.md section 3) as a form: what is typed, checked with the contract's
 * schema (the one the server uses), and the errors in the reader's language, from the schema's or
 * the server's message (each message of INVOICE_MESSAGES has its key under `invoices.errors`).
 */
export const INVOICE_FIELDS = ['companyName', 'companyId', 'vatId', 'address', 'city', 'country'] as const;
export type InvoiceField = (typeof INVOICE_FIELDS)[number];
export type InvoiceDraft = Record<InvoiceField, string>;
export type InvoiceErrors = Partial<Record<InvoiceField, string>>;

export const EMPTY_INVOICE: InvoiceDraft = {
  companyName: '',
  companyId: '',
  vatId: '',
  address: '',
  city: '',
  country: 'BG',
};

export const invoiceDraftOf = (details: InvoiceDetails | null | undefined): InvoiceDraft =>
  details ? { ...EMPTY_INVOICE, ...details, vatId: details.vatId ?? '' } : EMPTY_INVOICE;

const MESSAGE_KEYS = new Map<string, string>(Object.entries(INVOICE_MESSAGES).map(([key, text]) => [text, key]));

/** One refused field's message, translated when it is one of the contract's; else as the server said it. */
const translated = (field: InvoiceField, message: string, t: TFunction) => {
  const key = MESSAGE_KEYS.get(message);
  if (key) return t(`invoices.errors.${key}`);
  return message.startsWith('At most') ? t('invoices.errors.tooLong') : t(`invoices.errors.${field}`);
};

/**
 * The errors of the fields a 400 names (`invoice.companyId` at checkout, `companyId` for a
 * request, `invoiceDetails.companyId` in the profile), translated.
 */
export function invoiceServerErrors(fields: Record<string, string>, t: TFunction): InvoiceErrors {
  const errors: InvoiceErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.replace(/^(invoice|invoiceDetails)\./, '') as InvoiceField;
    if ((INVOICE_FIELDS as readonly string[]).includes(field)) errors[field] ??= translated(field, message, t);
  }
  return errors;
}

/** The draft checked: the body to send, or the errors to show. */
export function parseInvoice(
  draft: InvoiceDraft,
  t: TFunction,
): { details: InvoiceDetails; errors: null } | { details: null; errors: InvoiceErrors } {
  const parsed = InvoiceDetailsSchema.safeParse({ ...draft, vatId: draft.vatId.trim() || undefined });
  if (parsed.success) return { details: parsed.data, errors: null };
  const errors: InvoiceErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as InvoiceField;
    if ((INVOICE_FIELDS as readonly string[]).includes(field)) errors[field] ??= translated(field, issue.message, t);
  }
  return { details: null, errors };
}
