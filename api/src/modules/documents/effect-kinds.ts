import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';

const id = z.number().int();

/** A paid order's sale document (effects.ts issues them all). */
export const SALE_DOCUMENT = effectKind('records.sale-document', z.object({ orderId: id }));
/** An order's invoice at its tax event, if one was asked for. */
export const INVOICE_ISSUE = effectKind('invoices.invoice', z.object({ orderId: id }));
/** A refund's credit note, if the order has an invoice. */
export const CREDIT_NOTE = effectKind('invoices.credit-note', z.object({ orderId: id, refundId: id }));
/** An invoice or credit note to its shopper, once issued (invoice.ts writes it with the document). */
export const INVOICE_MAIL = effectKind('mail.invoice', z.object({ documentId: id }));
