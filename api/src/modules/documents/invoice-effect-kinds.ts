/** The invoices module's effects (effects.ts runs them; orders/subscribers.ts writes the first two). */
export const INVOICE_ISSUE = 'invoices.invoice';
export const CREDIT_NOTE = 'invoices.credit-note';
/** An invoice or credit note to its shopper, once issued (issue.ts writes it with the document). */
export const INVOICE_MAIL = 'mail.invoice';
