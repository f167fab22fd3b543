import type { OrderDocumentKind } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { complaintAcknowledgements, invoiceDocuments, saleDocuments } from '../../db/schema.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { paidWithNothingDue } from '../orders/nothing-due.js';
import type { OrderRow } from '../orders/store.js';
import type { InvoiceRow } from './invoice.js';
import { invoicePdf } from './invoice-pdf.js';
import type { SaleDocumentRow } from './sale-document.js';
import { saleDocumentPdf } from './sale-document-pdf.js';

/**
 * How a document says the order was paid: `card` through the provider, `cod` cash on delivery, or
 * `other` when nothing was due and it was paid at once (no provider: the audit file's kind 5).
 */
export type DocumentPayment = 'card' | 'cod' | 'other';

export const documentPayment = (
  order: Pick<OrderRow, 'paymentMethod' | 'paymentProvider' | 'paidAt'>,
): DocumentPayment => (paidWithNothingDue(order) ? 'other' : order.paymentMethod);

/** A document as its link, its mail and the lists see it: its number, its order, and its PDF. */
export interface IssuedDocument {
  kind: OrderDocumentKind;
  id: number;
  number: string;
  orderId: number;
  pdf: () => Promise<Buffer>;
}

/**
 * Every kind of document the shop issues (decisions 0039, 0043, 0049): where its rows are read,
 * how its PDF is made (the one layout of pdf.ts) and what its file is called. The signed link's
 * route, the mails' attachments and the lists ask this table; a kind of document to come (a gift
 * card's purchase confirmation, a recall notice) is one more entry, as a complaint's acknowledgement is,
 * with its table, its series (numbering.ts) and its issuing.
 */
const KINDS: Record<
  OrderDocumentKind,
  { file: string; read: (db: Db, id: number) => Promise<IssuedDocument | undefined> }
> = {
  sale: {
    file: 'sale-document',
    read: async (db, id) => {
      const [row] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, id));
      return row && issuedSale(row);
    },
  },
  invoice: { file: 'invoice', read: (db, id) => readInvoice(db, 'invoice', id) },
  'credit-note': { file: 'credit-note', read: (db, id) => readInvoice(db, 'credit-note', id) },
  // A complaint's acknowledgement as kept (complaints/acknowledgement.ts, decision 0064): its id is the complaint's.
  complaint: {
    file: 'complaint',
    read: async (db, id) => {
      const [row] = await db
        .select()
        .from(complaintAcknowledgements)
        .where(eq(complaintAcknowledgements.complaintId, id));
      return (
        row && { kind: 'complaint', id, number: row.number, orderId: row.orderId, pdf: () => Promise.resolve(row.pdf) }
      );
    },
  },
};

async function readInvoice(db: Db, kind: 'invoice' | 'credit-note', id: number) {
  const [row] = await db
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.id, id), eq(invoiceDocuments.kind, kind)));
  return row && issuedInvoice(row);
}

/** A sale document row as an issued document. */
export const issuedSale = (row: SaleDocumentRow): IssuedDocument => ({
  kind: 'sale',
  id: row.id,
  number: row.number,
  orderId: row.orderId,
  pdf: () => saleDocumentPdf(row),
});

/** An invoice's or credit note's row as an issued document. */
export const issuedInvoice = (row: InvoiceRow): IssuedDocument => ({
  kind: row.kind,
  id: row.id,
  number: row.number,
  orderId: row.orderId,
  pdf: () => invoicePdf(row),
});

/** A document of the kind, or undefined. */
export const readDocument = (db: Db, kind: OrderDocumentKind, id: number) => KINDS[kind].read(db, id);

/** What a document's PDF file is called: `invoice-0000000001.pdf`. */
export const fileName = (document: Pick<IssuedDocument, 'kind' | 'number'>) =>
  `${KINDS[document.kind].file}-${document.number}.pdf`;

/** A document as a mail's attachment. */
export const attachment = async (document: IssuedDocument): Promise<NonNullable<Mail['attachments']>[number]> => ({
  filename: fileName(document),
  content: await document.pdf(),
  contentType: 'application/pdf',
});
