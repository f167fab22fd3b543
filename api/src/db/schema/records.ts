import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns.js';

/**
 * Sale records (TRADE.md section 2, docs/decisions/0039): the owner's records settings (one row),
 * the counters that number documents, and the sale documents themselves. Documents are records
 * kept for ten years: never updated nor deleted, and not tied to the order row by a cascade.
 */
export const recordsSettings = pgTable(
  'records_settings',
  {
    id: integer('id').primaryKey().default(1),
    eShopNumber: varchar('e_shop_number', { length: 20 }).notNull().default(''),
    eShopType: smallint('e_shop_type').notNull().default(1),
    domain: varchar('domain', { length: 253 }).notNull().default(''),
    paymentProviderId: varchar('payment_provider_id', { length: 200 }).notNull().default(''),
    vatRate: integer('vat_rate').notNull().default(20),
    codSettlement: varchar('cod_settlement', { length: 20, enum: ['postal-money-order', 'courier-receipt'] })
      .notNull()
      .default('postal-money-order'),
    firstDocumentNumber: bigint('first_document_number', { mode: 'number' }).notNull().default(1),
    /** The first invoice's number (issue 45): a company continues the series it began elsewhere. */
    firstInvoiceNumber: bigint('first_invoice_number', { mode: 'number' }).notNull().default(1),
    /** The key that signs the documents' download links (made at first use; a backup keeps it). */
    linkKey: varchar('link_key', { length: 64 }).notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('records_settings_one_row', sql`${t.id} = 1`),
    check('records_settings_type', sql`${t.eShopType} in (1, 2)`),
    check('records_settings_vat', sql`${t.vatRate} between 0 and 50`),
    check('records_settings_first', sql`${t.firstDocumentNumber} between 1 and 9999999999`),
    check('records_settings_first_invoice', sql`${t.firstInvoiceNumber} between 1 and 9999999999`),
  ],
);

/**
 * The next number of each series ('sale'; invoices and credit notes get theirs): updated in the
 * transaction that inserts the document, so a rolled-back document gives its number back and two
 * documents never share one (the row's lock orders them). Never a sequence, which skips on rollback.
 */
export const documentCounters = pgTable('document_counters', {
  series: varchar('series', { length: 20 }).primaryKey(),
  next: bigint('next', { mode: 'number' }).notNull(),
});

/** What a sale document printed, kept so that it renders again the same. */
export interface SaleDocumentData {
  seller: { legalName: string; address: string; companyId: string; vatId: string; email: string; phone: string };
  orderReference: string;
  locale: 'en' | 'bg';
  currency: string;
  lines: {
    name: string;
    nameBg: string;
    /** The VAT group (Б: 20 %, А: 0 %, Г: 9 %). */
    taxGroup: string;
    quantity: number;
    unitPriceCents: number;
    discountCents: number;
    valueCents: number;
    vatCents: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  vatCents: number;
  /** Paid on the built-in test page in development: the document says TEST PAYMENT (docs/decisions/0049). */
  testPayment?: true | undefined;
}

export const saleDocuments = pgTable(
  'sale_documents',
  {
    id: serial('id').primaryKey(),
    /** 10 digits with leading zeros. */
    number: varchar('number', { length: 10 }).notNull(),
    orderId: integer('order_id').notNull(),
    issuedAt: instant('issued_at').notNull(),
    eShopNumber: varchar('e_shop_number', { length: 20 }).notNull(),
    vatRate: integer('vat_rate').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** 'card' (through the payment provider), 'cod' (cash on delivery) or 'other' (nothing was due: paid at once, decision 0051). */
    paymentMethod: varchar('payment_method', { length: 8 }).notNull(),
    providerReference: varchar('provider_reference', { length: 200 }),
    qr: text('qr').notNull(),
    data: jsonb('data').$type<SaleDocumentData>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sale_documents_number_key').on(t.number),
    // One sale document per order: the issuing effect run twice finds the first.
    uniqueIndex('sale_documents_order_id_key').on(t.orderId),
  ],
);
