/** The records module's effects (effects.ts runs them; orders/subscribers.ts writes the first). */
export const SALE_DOCUMENT = 'records.sale-document';
