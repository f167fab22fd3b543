/** An invoice or credit note to its shopper, once issued (invoice.ts writes it with the document; effects.ts runs it). */
export const INVOICE_MAIL = 'mail.invoice';
