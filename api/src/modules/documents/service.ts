import {
  type AdminDocument,
  type AdminDocuments,
  type DocumentKind,
  type InvoiceDetails,
  type InvoiceDocument,
  type Language,
} from '@shop/contract';
import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { invoiceDocuments, invoiceProfiles, saleDocuments, users } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { signDocument, type DocumentSignature } from './links.js';
import { invoiceOf, invoiceRequested, issueInvoice, keepInvoiceRequest, type InvoiceRow } from './invoice.js';
import { lockOrder } from '../orders/store.js';
import { CSV_FORMAT, csvOptions, decimalOf } from '../../lib/csv.js';
import { paysOnTestPage, testPaymentsRefusal, type TestPaymentPolicy } from './test-payments.js';

/** An invoice or credit note as its answers give it, with its link's signature (the route gives the address). */
export type SignedInvoiceDocument = Omit<InvoiceDocument, 'url'> & { signature: DocumentSignature };

export async function toInvoiceDocument(
  db: Db,
  row: InvoiceRow,
  orderReference: string,
): Promise<SignedInvoiceDocument> {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    orderId: row.orderId,
    orderReference,
    issuedAt: row.issuedAt.toISOString(),
    taxEventAt: row.taxEventAt.toISOString(),
    recipient: row.recipient,
    total: row.totalCents,
    vat: row.vatCents,
    invoiceNumber: row.data.invoice?.number ?? null,
    signature: await signDocument(db, row.kind, row.id),
  };
}

const EXISTS = 'This order has an invoice already, or one is requested and will be issued when it is paid.';

/** Orders an invoice cannot be asked for: closed without a sale. */
const CLOSED = new Set(['cancelled', 'expired', 'failed', 'refunded']);

export type InvoiceRequestResult = { issued: SignedInvoiceDocument } | { requested: true };

/**
 * An invoice asked for after checkout, by the order's shopper (`viewer.admin` false: anyone
 * else's order is 404) or an admin (audited). A paid order gets it at once (the tax event has
 * happened); an order not paid yet (cash on delivery before delivery, a card payment pending)
 * keeps the request and gets it at the tax event. One per order: a second request, also while the
 * first only waits, 409 INVOICE_EXISTS. An order paid on the test page where test payments are not
 * sales has no invoice to give: 409 TEST_PAYMENTS.
 */
export async function requestInvoice(
  db: Db,
  viewer: { id: number; admin: boolean },
  orderId: number,
  details: InvoiceDetails,
  testPayments: TestPaymentPolicy,
): Promise<InvoiceRequestResult> {
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, viewer.admin ? {} : { of: viewer.id });
    if (!order) throw notFound('Order not found.');
    if (testPayments !== 'stand-in' && paysOnTestPage(order)) {
      throw testPaymentsRefusal(
        'This order is paid on the test page, where no money moves: it is not a sale and has no invoice.',
      );
    }
    if ((await invoiceOf(tx, orderId)) || (await invoiceRequested(tx, orderId))) {
      throw new AppError('INVOICE_EXISTS', EXISTS);
    }
    if (CLOSED.has(order.status)) {
      throw new AppError(
        'INVALID_TRANSITION',
        'An invoice cannot be issued for an order that was cancelled or refunded.',
      );
    }
    await keepInvoiceRequest(tx, orderId, details);
    if (viewer.admin) {
      await audit(tx, {
        actorId: viewer.id,
        action: 'order.invoice',
        target: `order:${orderId}`,
        detail: { ...details },
      });
    }
    const issued = await issueInvoice(tx, order, testPayments);
    return { issued, reference: order.reference };
  });
  if (!result.issued) return { requested: true };
  return { issued: await toInvoiceDocument(db, result.issued, result.reference) };
}

/** The invoice details a shopper keeps in their profile (null: none). */
export async function savedInvoiceDetails(db: Db, userId: number): Promise<InvoiceDetails | null> {
  const [row] = await db.select().from(invoiceProfiles).where(eq(invoiceProfiles.userId, userId));
  return row?.details ?? null;
}

/**
 * Keeps (or with null forgets) the shopper's invoice details. The account row is touched too: its
 * change tells every process to forget the cached profile answer (the change feed's `account`).
 */
export async function saveInvoiceDetails(db: Db | Tx, userId: number, details: InvoiceDetails | null): Promise<void> {
  if (details === null) {
    await db.delete(invoiceProfiles).where(eq(invoiceProfiles.userId, userId));
  } else {
    await db
      .insert(invoiceProfiles)
      .values({ userId, details })
      .onConflictDoUpdate({ target: invoiceProfiles.userId, set: { details, updatedAt: new Date() } });
  }
  await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The start of a Sofia day (YYYY-MM-DD) as an instant. */
const sofiaDay = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Sofia'`;

interface Filter {
  kind?: DocumentKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Every document, of every kind, in one newest-first list (sale documents and invoices). */
function documentsQuery(db: Db, filter: Filter) {
  const within = (column: SQLWrapper) =>
    and(
      filter.from ? sql`${column} >= ${sofiaDay(filter.from)}` : undefined,
      filter.to ? sql`${column} < ${sofiaDay(filter.to)} + interval '1 day'` : undefined,
    );
  const sales = db
    .select({
      id: saleDocuments.id,
      kind: sql<DocumentKind>`'sale'`.as('kind'),
      number: saleDocuments.number,
      orderId: saleDocuments.orderId,
      // The reference as the document printed it (its data keeps it).
      orderReference: sql<string>`${saleDocuments.data} ->> 'orderReference'`.as('order_reference'),
      issuedAt: saleDocuments.issuedAt,
      recipient: sql<string | null>`null`.as('recipient'),
      companyId: sql<string | null>`null`.as('company_id'),
      vatId: sql<string | null>`null`.as('vat_id'),
      totalCents: saleDocuments.totalCents,
      vatCents: sql<number>`coalesce((${saleDocuments.data} ->> 'vatCents')::int, 0)`.as('vat_cents'),
      invoiceNumber: sql<string | null>`null`.as('invoice_number'),
    })
    .from(saleDocuments)
    .where(within(saleDocuments.issuedAt));
  const invoices = db
    .select({
      id: invoiceDocuments.id,
      kind: sql<DocumentKind>`${invoiceDocuments.kind}`.as('kind'),
      number: invoiceDocuments.number,
      orderId: invoiceDocuments.orderId,
      orderReference: sql<string>`${invoiceDocuments.data} ->> 'orderReference'`.as('order_reference'),
      issuedAt: invoiceDocuments.issuedAt,
      recipient: sql<string | null>`${invoiceDocuments.recipient} ->> 'companyName'`.as('recipient'),
      companyId: sql<string | null>`${invoiceDocuments.recipient} ->> 'companyId'`.as('company_id'),
      vatId: sql<string | null>`${invoiceDocuments.recipient} ->> 'vatId'`.as('vat_id'),
      totalCents: invoiceDocuments.totalCents,
      vatCents: sql<number>`${invoiceDocuments.vatCents}`.as('vat_cents'),
      invoiceNumber: sql<string | null>`${invoiceDocuments.data} -> 'invoice' ->> 'number'`.as('invoice_number'),
    })
    .from(invoiceDocuments)
    .where(
      and(
        within(invoiceDocuments.issuedAt),
        filter.kind && filter.kind !== 'sale' ? eq(invoiceDocuments.kind, filter.kind) : undefined,
      ),
    );
  if (filter.kind === 'sale') return sales.$dynamic();
  if (filter.kind) return invoices.$dynamic();
  return sales.unionAll(invoices).$dynamic();
}

type DocumentRow = Awaited<ReturnType<typeof documentsQuery>>[number];

/** A document of the admin's list, with its link's signature (the route gives the address). */
export type SignedAdminDocument = Omit<AdminDocument, 'url'> & { signature: DocumentSignature };

/** `GET /api/admin/documents`: a page of documents, newest first, with how many match. */
export async function listDocuments(
  db: Db,
  filter: Filter & { page: number; limit: number },
): Promise<Omit<AdminDocuments, 'data'> & { data: SignedAdminDocument[] }> {
  const all = documentsQuery(db, filter).as('documents');
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(all)
      .orderBy(desc(all.issuedAt), desc(all.number))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(all),
  ]);
  const data = await Promise.all(
    (rows as DocumentRow[]).map(async (row): Promise<SignedAdminDocument> => ({
      id: row.id,
      kind: row.kind,
      number: row.number,
      orderId: row.orderId,
      orderReference: row.orderReference,
      issuedAt: new Date(row.issuedAt).toISOString(),
      recipient: row.recipient,
      total: row.totalCents,
      vat: row.vatCents,
      signature: await signDocument(db, row.kind, row.id),
    })),
  );
  return { data, total: count?.total ?? 0, page: filter.page, limit: filter.limit };
}

const KIND_LABEL: Record<DocumentKind, string> = {
  sale: 'Документ за продажба / Sale document',
  invoice: 'Фактура / Invoice',
  'credit-note': 'Кредитно известие / Credit note',
};

/**
 * The sales ledger (дневник за продажбите) of the period as CSV, oldest first: each document with
 * the buyer's IDs, tax base, VAT and total; a credit note's amounts are negative (it reduces the
 * period's sales). In the orders CSV's dialect (issue 45): UTF-8 with a BOM, `;` and a decimal
 * comma in Bulgarian (CSV_FORMAT); cells a spreadsheet would run as a formula are made inert.
 * `counted` says which rows add up to the period's sales: a sale document of an order that also
 * has an invoice is not counted again (the invoice is), so the amounts are summed once.
 */
export async function salesLedgerCsv(db: Db, filter: Filter, lang: Language = 'en'): Promise<string> {
  const all = documentsQuery(db, filter).as('documents');
  const rows = (await db.select().from(all).orderBy(all.issuedAt, all.number)) as DocumentRow[];
  const saleOrders = [...new Set(rows.filter((row) => row.kind === 'sale').map((row) => row.orderId))];
  const invoiced = new Set(
    saleOrders.length === 0
      ? []
      : (
          await db
            .selectDistinct({ orderId: invoiceDocuments.orderId })
            .from(invoiceDocuments)
            .where(and(eq(invoiceDocuments.kind, 'invoice'), inArray(invoiceDocuments.orderId, saleOrders)))
        ).map((row) => row.orderId),
  );
  const { separator, decimal } = CSV_FORMAT[lang];
  const amount = (cents: number) => decimalOf(cents, decimal);
  const sofia = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia', dateStyle: 'short' });
  const header = [
    'date',
    'kind',
    'number',
    'invoice',
    'order',
    'recipient',
    'company_id',
    'vat_id',
    'tax_base',
    'vat',
    'total',
    'counted',
  ];
  const lines = rows.map((row) => {
    const sign = row.kind === 'credit-note' ? -1 : 1;
    const counted = row.kind !== 'sale' || !invoiced.has(row.orderId);
    return [
      sofia.format(new Date(row.issuedAt)),
      KIND_LABEL[row.kind],
      row.number,
      row.invoiceNumber ?? '',
      row.orderReference,
      row.recipient ?? '',
      row.companyId ?? '',
      row.vatId ?? '',
      amount(sign * (row.totalCents - row.vatCents)),
      amount(sign * row.vatCents),
      amount(sign * row.totalCents),
      counted ? 1 : 0,
    ];
  });
  return stringify([header, ...lines], { ...csvOptions(separator), bom: true });
}
