import { Readable } from 'node:stream';
import {
  auditFileSettingsMissing,
  auditSettingField,
  decimalText,
  itemNameIn,
  vatWithin,
  type CodSettlement,
  type RecordsSettings,
} from '@shop/contract';
import { inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import type { Db } from '../../db/client.js';
import { saleDocuments, type SaleDocumentData } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { deliveredCounts, deliveredSales, refundsPage, refundTotals, type SalesScope } from '../orders/reads.js';
import { issueSaleDocument } from './sale-document.js';
import { documentSeller, getRecordsSettings } from './settings.js';
import { testPaymentsRefusal, type TestPaymentPolicy } from './test-payments.js';

/**
 * The monthly audit file of Ordinance N-18's Annex 38 (TRADE.md section 2, docs/decisions/0042):
 * the orders delivered in a calendar month (Sofia time) with their sale documents, and the refunds
 * paid in it, as XML in windows-1251 that the revenue agency's dec_audit.xsd accepts. Read in
 * keyset pages and written as it is read: memory stays the same whatever the month holds.
 */

/** Rows read at a time: each page is written out before the next is read. */
export const AUDIT_PAGE = 500;

const SOFIA = 'Europe/Sofia';
const sofiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: SOFIA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const sofiaOffset = new Intl.DateTimeFormat('en-US', { timeZone: SOFIA, timeZoneName: 'longOffset' });

/** A date as the file writes it: YYYY-MM-DD in Sofia. */
export const dateInSofia = (at: Date): string => sofiaDate.format(at);

/** Sofia's offset from UTC at an instant, in ms (+2 h in winter, +3 h in summer). */
function offsetAt(at: number): number {
  const name = sofiaOffset.formatToParts(new Date(at)).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/** The instant a calendar month starts in Sofia (midnight of the 1st never falls in a clock change there). */
export function monthStartInSofia(year: number, month: number): Date {
  const utc = Date.UTC(year, month - 1, 1);
  return new Date(utc - offsetAt(utc - offsetAt(utc)));
}

/** Cents as the file writes euro: two decimals with a point (the schema's decimal), no float on the way. */
export const euro = (cents: number): string => decimalText(cents);

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** One element of text; the schema's string limits are in characters. */
const el = (name: string, value: string | number, max?: number) =>
  `<${name}>${escapeXml(max ? String(value).slice(0, max) : String(value))}</${name}>`;

/**
 * `paym`: 4 through the payment provider; 5 another kind (nothing was due: paid at once, no
 * provider; decision 0051); cash on delivery 3 by postal money order, 6 with the courier's fiscal receipt.
 */
export const paymOf = (paymentMethod: string, codSettlement: CodSettlement): 3 | 4 | 5 | 6 =>
  paymentMethod === 'card' ? 4 : paymentMethod === 'other' ? 5 : codSettlement === 'courier-receipt' ? 6 : 3;

/** `r_paym`: a card payment goes back to the card (2); cash on delivery to the buyer's account (1). */
export const refundPaymOf = (paymentMethod: string): 1 | 2 => (paymentMethod === 'card' ? 2 : 1);

/**
 * An order's totals as the file states them (decision 0042), from its sale document's lines (VAT
 * per line by vatWithin, as the document printed it): `total1` the lines net of VAT before the
 * discount, `vat` the VAT after the discount, `total2` what the buyer paid, and `disc` the discount
 * net of VAT, taken as what makes `total1 − disc + vat = total2` hold to the cent.
 */
export function auditTotals(lines: SaleDocumentData['lines'], rate: number, totalCents: number) {
  const articles = lines.map((line) => {
    const grossCents = line.unitPriceCents * line.quantity;
    const vatCents = vatWithin(grossCents, rate);
    return {
      name: itemNameIn(line, 'bg'),
      quantity: line.quantity,
      unitNetCents: line.unitPriceCents - vatWithin(line.unitPriceCents, rate),
      vatCents,
      grossCents,
    };
  });
  const total1 = articles.reduce((sum, a) => sum + a.grossCents - a.vatCents, 0);
  const vat = lines.reduce((sum, line) => sum + line.vatCents, 0);
  return { articles, total1, disc: total1 + vat - totalCents, vat, total2: totalCents };
}

/** The sale documents of the orders, by order (what the file states of each). */
async function saleDocumentsOf(db: Db, orderIds: number[]) {
  const rows = await db
    .select({
      orderId: saleDocuments.orderId,
      number: saleDocuments.number,
      issuedAt: saleDocuments.issuedAt,
      vatRate: saleDocuments.vatRate,
      totalCents: saleDocuments.totalCents,
      // How the document says it was paid (`other`: nothing was due) wins over the order's method.
      paymentMethod: saleDocuments.paymentMethod,
      providerReference: saleDocuments.providerReference,
      data: saleDocuments.data,
    })
    .from(saleDocuments)
    .where(inArray(saleDocuments.orderId, orderIds.length > 0 ? orderIds : [0]));
  return new Map(rows.map((row) => [row.orderId, row]));
}

interface AuditMonth {
  year: number;
  month: number;
  start: Date;
  end: Date;
}

/** A calendar month in Sofia, from its first instant to the next month's. */
function auditMonth(year: number, month: number): AuditMonth {
  return {
    year,
    month,
    start: monthStartInSofia(year, month),
    end: monthStartInSofia(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1),
  };
}

/** How the shop runs, as the file asks: its currency and what a test payment is to it (test-payments.ts). */
export interface AuditShop {
  currency: string;
  testPayments: TestPaymentPolicy;
}

/** The file's sales: orders taken in euro, and test payments only where the test page stands in. */
const salesScope = (shop: AuditShop): SalesScope => ({
  currency: 'EUR',
  testPayments: shop.testPayments === 'stand-in',
});

/**
 * What the Records screen says of a month (`GET /api/admin/records/month`): how many orders were
 * delivered in it, how many the file lists, and how many it leaves out and why (taken in another
 * currency than euro, or paid on the test page where that is no sale).
 */
export async function recordsMonth(db: Db, shop: AuditShop, { year, month }: { year: number; month: number }) {
  const counts = await deliveredCounts(db, auditMonth(year, month), salesScope(shop));
  return {
    testPayments: shop.testPayments,
    delivered: counts.delivered,
    filed: counts.sales,
    leftOut: { otherCurrency: counts.otherCurrency, currencies: counts.currencies, testPayments: counts.testPayments },
  };
}

/**
 * Checks what the file needs, first refusal wins: a production shop taking test payments (409
 * TEST_PAYMENTS: its card sales are not real), the settings it names (409
 * RECORDS_SETTINGS_MISSING with each in `fields`), a shop in euro (409 CURRENCY_NOT_EUR), a
 * delivered order in the month (404 NOTHING_TO_FILE). Orders taken in another currency, and test
 * payments where they are not sales, are left out (the Records screen counts them). Then issues
 * the sale document of any delivered order still without one (its effect not run yet), and
 * answers the file as a stream.
 */
export async function auditFile(
  db: Db,
  shop: AuditShop,
  { year, month }: { year: number; month: number },
  now = new Date(),
): Promise<Readable> {
  if (shop.testPayments === 'refused') throw testPaymentsRefusal();
  const records = await getRecordsSettings(db);
  const { companyId } = await documentSeller(db);
  const missing = auditFileSettingsMissing(records, { companyId });
  if (missing.length > 0) {
    const fields = Object.fromEntries(missing.map((name) => [auditSettingField(name), 'Needed for the audit file.']));
    throw new AppError(
      'RECORDS_SETTINGS_MISSING',
      `The audit file needs these settings first: ${Object.keys(fields).join(', ')}.`,
      fields,
    );
  }
  if (shop.currency.toUpperCase() !== 'EUR') {
    throw new AppError('CURRENCY_NOT_EUR', `The audit file states euro; this shop sells in ${shop.currency}.`);
  }
  const period = auditMonth(year, month);
  const scope = salesScope(shop);
  const delivered = await deliveredCounts(db, period, scope);
  if (delivered.sales === 0) {
    const name = `${year}-${String(month).padStart(2, '0')}`;
    throw new AppError(
      'NOTHING_TO_FILE',
      delivered.delivered === 0
        ? `No order was delivered in ${name}.`
        : `No sale to file in ${name}: the orders delivered in it were taken in another currency or paid on the test page.`,
    );
  }
  for (let after = 0; ;) {
    const page = await deliveredSales(db, period, scope, after, AUDIT_PAGE);
    const documented = await saleDocumentsOf(
      db,
      page.map((order) => order.id),
    );
    for (const { id } of page) if (!documented.has(id)) await issueSaleDocument(db, id, shop.testPayments);
    if (page.length < AUDIT_PAGE) break;
    after = page.at(-1)!.id;
  }
  const chunks = auditXml(db, records, companyId, period, scope, now);
  return Readable.from(
    (async function* () {
      for await (const chunk of chunks) yield iconv.encode(chunk, 'win1251');
    })(),
  );
}

async function* auditXml(
  db: Db,
  records: RecordsSettings,
  companyId: string,
  period: AuditMonth,
  scope: SalesScope,
  now: Date,
): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="windows-1251"?>\n<audit>\n';
  yield [
    el('eik', companyId.trim()),
    el('e_shop_n', records.eShopNumber, 10),
    el('domain_name', records.domain, 200),
    el('e_shop_type', records.eShopType),
    el('creation_date', dateInSofia(now)),
    el('mon', String(period.month).padStart(2, '0')),
    el('god', period.year),
  ]
    .map((line) => `  ${line}\n`)
    .join('');
  yield '  <order>\n';
  for (let after = 0; ;) {
    const page = await deliveredSales(db, period, scope, after, AUDIT_PAGE);
    const documents = await saleDocumentsOf(
      db,
      page.map((order) => order.id),
    );
    yield page
      .flatMap((order) => {
        const document = documents.get(order.id);
        return document ? [orderXml({ ...order, ...document }, records)] : [];
      })
      .join('');
    if (page.length < AUDIT_PAGE) break;
    after = page.at(-1)!.id;
  }
  yield '  </order>\n';

  const refunded = await refundTotals(db, period, scope);
  yield `  ${el('r_ord', refunded.orders)}\n`;
  if (refunded.orders > 0) {
    yield '  <rorder>\n';
    for (let after = 0; ;) {
      const page = await refundsPage(db, period, scope, after, AUDIT_PAGE);
      yield page
        .map(
          (refund) =>
            `    <rorderenum>${[
              el('r_ord_n', refund.reference, 300),
              el('r_amount', euro(refund.amountCents)),
              el('r_date', dateInSofia(refund.createdAt)),
              el('r_paym', refundPaymOf(refund.paymentMethod)),
            ].join('')}</rorderenum>\n`,
        )
        .join('');
      if (page.length < AUDIT_PAGE) break;
      after = page.at(-1)!.id;
    }
    yield '  </rorder>\n';
  }
  yield `  ${el('r_total', euro(refunded.totalCents))}\n`;
  yield '</audit>\n';
}

function orderXml(
  row: {
    reference: string;
    createdAt: Date;
    paymentMethod: string;
    paymentReference: string | null;
    number: string;
    issuedAt: Date;
    vatRate: number;
    totalCents: number;
    providerReference: string | null;
    data: SaleDocumentData;
  },
  records: RecordsSettings,
): string {
  const totals = auditTotals(row.data.lines, row.vatRate, row.totalCents);
  const paym = paymOf(row.paymentMethod, records.codSettlement);
  const transaction = row.providerReference ?? row.paymentReference;
  const articles = totals.articles
    .map(
      (a) =>
        `      <artenum>${[
          el('art_name', a.name, 200),
          el('art_quant', `${a.quantity}.00`),
          el('art_price', euro(a.unitNetCents)),
          el('art_vat_rate', row.vatRate),
          el('art_vat', euro(a.vatCents)),
          el('art_sum', euro(a.grossCents)),
        ].join('')}</artenum>\n`,
    )
    .join('');
  return [
    '    <orderenum>\n',
    `      ${el('ord_n', row.reference, 300)}${el('ord_d', dateInSofia(row.createdAt))}`,
    `${el('doc_n', row.number)}${el('doc_date', dateInSofia(row.issuedAt))}\n`,
    `      <art>\n${articles}      </art>\n`,
    `      ${el('ord_total1', euro(totals.total1))}${el('ord_disc', euro(totals.disc))}`,
    `${el('ord_vat', euro(totals.vat))}${el('ord_total2', euro(totals.total2))}\n`,
    `      ${el('paym', paym)}`,
    paym === 4
      ? `${transaction ? el('trans_n', transaction, 200) : ''}${el('proc_id', records.paymentProviderId)}`
      : '',
    '\n    </orderenum>\n',
  ].join('');
}
