import { z } from 'zod';
import { decimalText } from './money.js';
import { Money } from './money-codec.js';
import { isValidEik } from './invoices.js';
import { text } from './text.js';

/**
 * Sale records under Ordinance N-18's alternative regime for e-shops (TRADE.md section 2,
 * docs/decisions/0039): the owner's records settings and the documents an order has.
 */

/** How cash on delivery is settled: the courier pays it out by postal money order, or issues the fiscal receipt. */
export const COD_SETTLEMENTS = ['postal-money-order', 'courier-receipt'] as const;
export type CodSettlement = (typeof COD_SETTLEMENTS)[number];

/** The VAT rates of Bulgaria's VAT Act (standard, reduced) and 0 for a seller not registered for VAT. */
export const VAT_RATES = [20, 9, 0] as const;

/** The audit file's limits (dec_audit.xsd): `e_shop_n` and `proc_id`. */
export const E_SHOP_NUMBER_MAX = 10;
export const PAYMENT_PROVIDER_ID_MAX = 200;

/** The highest number a 10-digit document number holds. */
export const DOCUMENT_NUMBER_MAX = 9_999_999_999;

export const RecordsSettingsSchema = z.object({
  /** The unique number the revenue agency gave the e-shop ('' until registered). */
  eShopNumber: z.string(),
  /** 1: the shop's own domain; 2: a shop on a platform. */
  eShopType: z.union([z.literal(1), z.literal(2)]),
  domain: z.string(),
  /** The payment provider's company ID (the audit file's `proc_id`). */
  paymentProviderId: z.string(),
  /** A whole percent: 20 in Bulgaria, 0 for a seller not registered for VAT. */
  vatRate: z.number().int(),
  codSettlement: z.enum(COD_SETTLEMENTS),
  /** The number the first sale document takes; fixed once a document exists. */
  firstDocumentNumber: z.number().int(),
  /**
   * The number the first invoice takes (credit notes share its series): a company continuing a
   * series begun elsewhere; fixed once an invoice exists.
   */
  firstInvoiceNumber: z.number().int(),
});
export type RecordsSettings = z.infer<typeof RecordsSettingsSchema>;

export const DEFAULT_RECORDS: RecordsSettings = {
  eShopNumber: '',
  eShopType: 1,
  domain: '',
  paymentProviderId: '',
  vatRate: 20,
  codSettlement: 'postal-money-order',
  firstDocumentNumber: 1,
  firstInvoiceNumber: 1,
};

/** `PUT /api/admin/settings` `records`: every field optional; messages for people. */
export const UpdateRecordsBodySchema = z
  .object({
    eShopNumber: z
      .string()
      .trim()
      .max(E_SHOP_NUMBER_MAX, `The e-shop number has at most ${E_SHOP_NUMBER_MAX} characters (the audit file's limit).`)
      .regex(/^[A-Za-z0-9-]*$/, 'The e-shop number has only Latin letters, digits and dashes.'),
    eShopType: z.union([z.literal(1), z.literal(2)], 'The e-shop type is 1 (own domain) or 2 (platform).'),
    domain: z
      .string()
      .trim()
      .toLowerCase()
      .max(253, 'The domain has at most 253 characters.')
      .regex(
        /^$|^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'Enter the domain alone, such as shop.example.bg (no https:// and no path).',
      ),
    // The card provider may be a foreign company with no ЕИК (issue 45): any identifier the file
    // holds; one that looks like an ЕИК (9 or 13 digits) must be one.
    paymentProviderId: text()
      .trim()
      .max(
        PAYMENT_PROVIDER_ID_MAX,
        `The payment provider's identifier has at most ${PAYMENT_PROVIDER_ID_MAX} characters.`,
      )
      .refine(
        (value) => !/^(\d{9}|\d{13})$/.test(value) || isValidEik(value),
        "This looks like an ЕИК, but its check digit is wrong. Check it on the payment provider's papers.",
      ),
    vatRate: z
      .number('The VAT rate is 20, 9 or 0 (%).')
      .refine((rate) => (VAT_RATES as readonly number[]).includes(rate), 'The VAT rate is 20, 9 or 0 (%).'),
    codSettlement: z.enum(COD_SETTLEMENTS, 'Choose how cash on delivery is settled.'),
    firstDocumentNumber: z
      .number('The first document number is a whole number from 1 to 9999999999.')
      .int('The first document number is a whole number from 1 to 9999999999.')
      .min(1, 'The first document number is a whole number from 1 to 9999999999.')
      .max(DOCUMENT_NUMBER_MAX, 'The first document number is a whole number from 1 to 9999999999.'),
    firstInvoiceNumber: z
      .number('The first invoice number is a whole number from 1 to 9999999999.')
      .int('The first invoice number is a whole number from 1 to 9999999999.')
      .min(1, 'The first invoice number is a whole number from 1 to 9999999999.')
      .max(DOCUMENT_NUMBER_MAX, 'The first invoice number is a whole number from 1 to 9999999999.'),
  })
  .partial();
export type UpdateRecordsBody = z.input<typeof UpdateRecordsBodySchema>;

/** The records settings the audit file and the documents need, that are not set yet. */
export function recordsSettingsMissing(records: RecordsSettings): ('eShopNumber' | 'domain' | 'paymentProviderId')[] {
  return (['eShopNumber', 'domain', 'paymentProviderId'] as const).filter((key) => records[key].trim() === '');
}

/** A document number as printed: 10 digits with leading zeros. */
export const documentNumber = (value: number | bigint): string => String(value).padStart(10, '0');

export const DOCUMENT_KINDS = ['sale', 'invoice', 'credit-note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * What an order's documents list and the signed link serve: the documents of the sale, and a
 * complaint's acknowledgement (decision 0064), which is kept but is no sales document (not in the
 * admin's documents list, the ledger or the audit file).
 */
export const ORDER_DOCUMENT_KINDS = [...DOCUMENT_KINDS, 'complaint'] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];

/** `GET /api/orders/{id}/documents`: one document of the order. */
export const OrderDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ORDER_DOCUMENT_KINDS),
  /** 10 digits with leading zeros. */
  number: z.string(),
  issuedAt: z.string(),
  /** The document's total; null for a complaint's acknowledgement (no sum). */
  total: Money.nullable(),
  /** The PDF, without a token: a signed link that expires after a day (each listing gives fresh ones). */
  url: z.string(),
  /** The sale document's QR text (Annex 18а's fields, decision 0039). */
  qr: z.string().optional(),
});
export type OrderDocument = z.infer<typeof OrderDocumentSchema>;
export const OrderDocumentsSchema = z.array(OrderDocumentSchema);

/** A sale document's date and time: in Sofia, to the second, on a 24-hour clock. */
export const SOFIA_DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: 'Europe/Sofia',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};
/** By parts (one formatter, kept: building one costs ICU a locale lookup). */
const SOFIA_PARTS = new Intl.DateTimeFormat('en-CA', SOFIA_DATE_TIME);

/**
 * The QR text of a sale document, in the order of Ordinance N-18's Annex 18а with the e-shop's
 * number in the fiscal memory's place (decision 0039): `<e-shop no>*<document no>*<YYYY-MM-DD>*<HH:MM:SS>*<total>`,
 * date and time in Sofia, the total with two decimals.
 */
export function saleDocumentQr(input: { eShopNumber: string; number: string; issuedAt: Date; totalCents: number }) {
  const parts = SOFIA_PARTS.formatToParts(input.issuedAt);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  const time = `${part('hour')}:${part('minute')}:${part('second')}`;
  return [input.eShopNumber, input.number, date, time, decimalText(input.totalCents)].join('*');
}

/** `GET /api/admin/records/audit-file`: a calendar month in Sofia time (`month` 1..12 or 01..12; the schema's years from 2020). */
export const AuditFileQuerySchema = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, 'The year has four digits, from 2020.')
    .transform(Number)
    .refine((year) => year >= 2020, 'The year has four digits, from 2020.'),
  month: z
    .string()
    .regex(/^(0?[1-9]|1[0-2])$/, 'The month is 1 to 12.')
    .transform(Number),
});
export type AuditFileQuery = z.input<typeof AuditFileQuerySchema>;

/**
 * What an order paid on the built-in test page is to the tax records (YEAR.md section 1, decision
 * 0051): `stand-in` outside production (documents issued as for a real payment, each PDF marked
 * TEST PAYMENT, filed); `not-sales` in production (no document, no number, left out of the file);
 * `refused` in production with PAYMENTS=test (as `not-sales`, and the audit file answers 409
 * TEST_PAYMENTS).
 */
export const TEST_PAYMENT_POLICIES = ['stand-in', 'not-sales', 'refused'] as const;
export type TestPaymentPolicy = (typeof TEST_PAYMENT_POLICIES)[number];

/**
 * `GET /api/admin/records/month?year=&month=` (the audit file's query): what the Records screen
 * says of a month before it is filed. `delivered` orders were delivered in the month; `filed` of
 * them go in the file; the rest are left out: `otherCurrency` taken while the shop sold in another
 * currency than euro (`currencies` names them), `testPayments` paid on the test page where those
 * are not sales.
 */
export const RecordsMonthSchema = z.object({
  testPayments: z.enum(TEST_PAYMENT_POLICIES),
  delivered: z.number().int(),
  filed: z.number().int(),
  leftOut: z.object({
    otherCurrency: z.number().int(),
    currencies: z.array(z.string()),
    testPayments: z.number().int(),
  }),
});
export type RecordsMonth = z.infer<typeof RecordsMonthSchema>;

/**
 * What the audit file needs that is not set (decision 0042): the records settings of
 * `recordsSettingsMissing`, and the seller's company ID (the file's `eik`, 9 or 13 digits).
 * `RECORDS_SETTINGS_MISSING` names these in its `fields` (`records.eShopNumber`, `seller.companyId`…).
 */
export function auditFileSettingsMissing(
  records: RecordsSettings,
  seller: { companyId: string },
): ('eShopNumber' | 'domain' | 'paymentProviderId' | 'companyId')[] {
  const companyId = /^(\d{9}|\d{13})$/.test(seller.companyId.trim()) ? [] : (['companyId'] as const);
  return [...recordsSettingsMissing(records), ...companyId];
}

/** The field a missing audit-file setting is named by, in `RECORDS_SETTINGS_MISSING`'s `fields`. */
export const auditSettingField = (name: ReturnType<typeof auditFileSettingsMissing>[number]): string =>
  name === 'companyId' ? 'seller.companyId' : `records.${name}`;
