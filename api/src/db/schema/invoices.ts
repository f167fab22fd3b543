import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns.js';
import { users } from './identity.js';

/**
 * Invoices and credit notes (TRADE.md section 3, docs/decisions/0043): the company details an
 * order asked an invoice for, those a shopper keeps in their profile, and the documents. Documents
 * are records kept for ten years: never updated nor deleted, not tied to the order by a cascade.
 */

/** A company's details as printed on an invoice (contract InvoiceDetails, normalised). */
export interface InvoiceRecipient {
  companyName: string;
  companyId: string;
  vatId?: string | undefined;
  address: string;
  city: string;
  country: string;
}

/** An order's request for an invoice: at checkout or later; issued at the tax event or at once. */
export const invoiceRequests = pgTable('invoice_requests', {
  orderId: integer('order_id').primaryKey(),
  details: jsonb('details').$type<InvoiceRecipient>().notNull(),
  createdAt: createdAt(),
});

/** The invoice details a shopper keeps for their next checkout (gone with the account). */
export const invoiceProfiles = pgTable('invoice_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  details: jsonb('details').$type<InvoiceRecipient>().notNull(),
  updatedAt: updatedAt(),
});

/** One line of an invoice or credit note, amounts in cents (VAT included in `valueCents`). */
export interface InvoiceLine {
  name: string;
  nameBg: string;
  quantity: number;
  /** The unit price without VAT (what the VAT Act asks printed), rounded to the cent. */
  unitNetCents: number;
  /** The line's value with VAT, after its share of a discount. */
  valueCents: number;
  /** Its tax base (value − VAT) and VAT, per line from the VAT-inclusive value. */
  netCents: number;
  vatCents: number;
  vatRate: number;
}

/** What an invoice or credit note printed, kept so that it renders again the same. */
export interface InvoiceData {
  seller: { legalName: string; address: string; companyId: string; vatId: string; email: string; phone: string };
  orderReference: string;
  currency: string;
  paymentMethod: string;
  lines: InvoiceLine[];
  /** Tax base and VAT per rate (one rate today). */
  rates: { rate: number; netCents: number; vatCents: number }[];
  /** A credit note: the invoice it corrects, its number and date, and why. */
  invoice?: { number: string; issuedAt: string } | undefined;
  reason?: string | undefined;
  /** Paid on the built-in test page in development: the document says TEST PAYMENT (docs/decisions/0049). */
  testPayment?: true | undefined;
}

export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 12, enum: ['invoice', 'credit-note'] }).notNull(),
    /** 10 digits with leading zeros, from the one series invoices and credit notes share. */
    number: varchar('number', { length: 10 }).notNull(),
    orderId: integer('order_id').notNull(),
    /** A credit note: the invoice it corrects. */
    invoiceId: integer('invoice_id'),
    /** A credit note: the refund it documents (one credit note per refund). */
    refundId: integer('refund_id'),
    issuedAt: instant('issued_at').notNull(),
    /** The date of the tax event (the payment; cash on delivery: the delivery; a refund). */
    taxEventAt: instant('tax_event_at').notNull(),
    recipient: jsonb('recipient').$type<InvoiceRecipient>().notNull(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    data: jsonb('data').$type<InvoiceData>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_documents_number_key').on(t.number),
    // One invoice per order; one credit note per refund.
    uniqueIndex('invoice_documents_invoice_order_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoice_documents_refund_key')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    index('invoice_documents_order_id_idx').on(t.orderId),
    index('invoice_documents_issued_at_idx').on(t.issuedAt, t.id),
    check('invoice_documents_credit_note_names_invoice', sql`${t.kind} = 'invoice' or ${t.invoiceId} is not null`),
  ],
);
