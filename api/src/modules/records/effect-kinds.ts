/** The records module's effects (effects.ts runs them; orders/subscribers.ts writes the first). */
export const SALE_DOCUMENT = 'records.sale-document';
/** The shopper's mail with the sale document's PDF, written with the document. */
export const SALE_DOCUMENT_MAIL = 'mail.sale-document';
