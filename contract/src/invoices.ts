import { z } from 'zod';
import { Money } from './money-codec.js';
import { text } from './text.js';

/**
 * Invoices and credit notes under the VAT Act (TRADE.md section 3, docs/decisions/0043): the
 * company details a buyer gives, their validation, and what the API answers.
 */

const digitsOf = (value: string) => [...value].map(Number);
const weighted = (digits: number[], weights: readonly number[]) =>
  weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0);

/**
 * The check digit of a BULSTAT/ЕИК by the Registry Agency's two-pass rule: the weighted sum
 * modulo 11 with the first weights; a remainder of 10 is computed again with the second weights,
 * and a second 10 counts as 0 (decision 0043 gives the source).
 */
function checkDigit(digits: number[], first: readonly number[], second: readonly number[]): number {
  const once = weighted(digits, first) % 11;
  if (once !== 10) return once;
  const twice = weighted(digits, second) % 11;
  return twice === 10 ? 0 : twice;
}

/**
 * Whether a Bulgarian ЕИК (BULSTAT code) is valid: 9 digits whose ninth is the check digit of the
 * first eight (weights 1–8, then 3–10), or 13 digits (a branch) whose first nine are a valid ЕИК
 * and whose thirteenth is the check digit of the 9th–12th (weights 2, 7, 3, 5, then 4, 9, 5, 7).
 */
export function isValidEik(value: string): boolean {
  if (!/^(\d{9}|\d{13})$/.test(value)) return false;
  const digits = digitsOf(value);
  if (checkDigit(digits.slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8], [3, 4, 5, 6, 7, 8, 9, 10]) !== digits[8]) return false;
  if (value.length === 9) return true;
  return checkDigit(digits.slice(8, 12), [2, 7, 3, 5], [4, 9, 5, 7]) === digits[12];
}

/**
 * The EU's countries (ISO 3166 codes) with the national part of their VAT numbers (after the
 * prefix: Greece's is EL) and what their company ID looks like. Bulgaria's company ID is the ЕИК,
 * checked by its check digits; elsewhere the national tax or register number's shape.
 */
export const INVOICE_COUNTRIES = {
  AT: { vat: /^U\d{8}$/, company: /^(FN ?\d{1,6}[a-z]|\d{9}|U\d{8})$/i },
  BE: { vat: /^[01]\d{9}$/, company: /^[01]\d{9}$/ },
  BG: { vat: /^\d{9,10}$/, company: /^(\d{9}|\d{13})$/ },
  CY: { vat: /^\d{8}[A-Z]$/, company: /^(HE ?\d{1,6}|\d{8}[A-Z])$/i },
  CZ: { vat: /^\d{8,10}$/, company: /^\d{8}$/ },
  DE: { vat: /^\d{9}$/, company: /^(HR[AB] ?\d{1,6}( ?[A-Z]{1,2})?|\d{9}|\d{10,13}|\d{2,3}\/\d{3,4}\/\d{4,5})$/i },
  DK: { vat: /^\d{8}$/, company: /^\d{8}$/ },
  EE: { vat: /^\d{9}$/, company: /^(\d{8}|\d{9})$/ },
  ES: { vat: /^[A-Z0-9]\d{7}[A-Z0-9]$/, company: /^[A-Z0-9]\d{7}[A-Z0-9]$/i },
  FI: { vat: /^\d{8}$/, company: /^(\d{7}-\d|\d{8})$/ },
  FR: { vat: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, company: /^(\d{9}|\d{14})$/ },
  GR: { vat: /^\d{9}$/, company: /^\d{9}$/ },
  HR: { vat: /^\d{11}$/, company: /^\d{11}$/ },
  HU: { vat: /^\d{8}$/, company: /^(\d{8}(-\d-\d{2})?|\d{2}-\d{2}-\d{6})$/ },
  IE: { vat: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/, company: /^(\d{5,6}|\d[A-Z0-9+*]\d{5}[A-Z]{1,2})$/i },
  IT: { vat: /^\d{11}$/, company: /^\d{11}$/ },
  LT: { vat: /^(\d{9}|\d{12})$/, company: /^(\d{9}|\d{12})$/ },
  LU: { vat: /^\d{8}$/, company: /^([B-F] ?\d{1,6}|\d{8}|\d{11})$/i },
  LV: { vat: /^\d{11}$/, company: /^\d{11}$/ },
  MT: { vat: /^\d{8}$/, company: /^(C ?\d{1,6}|\d{8})$/i },
  NL: { vat: /^\d{9}B\d{2}$/, company: /^(\d{8}|\d{9}B\d{2})$/ },
  PL: { vat: /^\d{10}$/, company: /^(\d{10}|\d{9}|\d{14})$/ },
  PT: { vat: /^\d{9}$/, company: /^\d{9}$/ },
  RO: { vat: /^\d{2,10}$/, company: /^(\d{2,10}|J\d{2}\/\d{1,6}\/\d{4})$/i },
  SE: { vat: /^\d{10}01$/, company: /^(\d{6}-?\d{4})$/ },
  SI: { vat: /^\d{8}$/, company: /^(\d{8}|\d{10})$/ },
  SK: { vat: /^\d{10}$/, company: /^(\d{10}|\d{8})$/ },
} as const satisfies Record<string, { vat: RegExp; company: RegExp }>;
export type InvoiceCountry = keyof typeof INVOICE_COUNTRIES;
export const INVOICE_COUNTRY_CODES = Object.keys(INVOICE_COUNTRIES) as InvoiceCountry[];

/** The prefix of a country's VAT numbers: its ISO code, but EL for Greece. */
export const vatPrefix = (country: InvoiceCountry): string => (country === 'GR' ? 'EL' : country);

/** Spaces, dots and dashes people type inside numbers are not part of them. */

/** The messages of the invoice fields, for people (the web translates them by these texts). */
export const INVOICE_MESSAGES = {
  companyName: 'Enter the company name as registered.',
  companyId: 'Enter the company ID.',
  eik: 'This ЕИК is not valid: it has 9 or 13 digits and its last digit is a check digit. Check it on the company’s papers.',
  companyIdFormat: 'This company ID does not look like one of the chosen country. Check it, or the country.',
  vatId: 'The VAT ID is the country code followed by the number, such as BG123456789.',
  vatIdCountry: 'The VAT ID must begin with the code of the company’s country.',
  address: 'Enter the company’s registered address.',
  city: 'Enter the city.',
  country: 'We issue invoices to companies in the European Union: choose the country.',
} as const;

/**
 * What is wrong with a company ID of `country` (compact, upper case), or null: in Bulgaria the
 * ЕИК's check digits, elsewhere the national number's shape. A buyer's and the seller's alike.
 */
export function companyIdProblem(country: InvoiceCountry, companyId: string): string | null {
  if (country === 'BG') return isValidEik(companyId) ? null : INVOICE_MESSAGES.eik;
  return INVOICE_COUNTRIES[country].company.test(companyId) ? null : INVOICE_MESSAGES.companyIdFormat;
}

/**
 * What is wrong with a VAT ID of `country` (compact, upper case), or null: the country's prefix
 * and the national part's shape; a Bulgarian one of 9 digits is an ЕИК, checked by its digits.
 */
export function vatIdProblem(country: InvoiceCountry, vatId: string): string | null {
  if (!/^[A-Z]{2}/.test(vatId)) return INVOICE_MESSAGES.vatId;
  if (!vatId.startsWith(vatPrefix(country))) return INVOICE_MESSAGES.vatIdCountry;
  const national = vatId.slice(2);
  const valid =
    INVOICE_COUNTRIES[country].vat.test(national) &&
    (country !== 'BG' || national.length === 10 || isValidEik(national));
  return valid ? null : INVOICE_MESSAGES.vatId;
}

/** A company ID or VAT ID as kept: without spaces, dots or dashes, upper case. */
export const compactId = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

const required = (max: number, message: string) =>
  text(message).trim().min(1, message).max(max, `At most ${max} characters.`);

/**
 * `invoice` at checkout, the body of an invoice request, `invoiceDetails` in the profile. The
 * company ID and VAT ID are answered without spaces or dashes, upper case.
 */
export const InvoiceDetailsSchema = z
  .object({
    companyName: required(200, INVOICE_MESSAGES.companyName),
    companyId: text(INVOICE_MESSAGES.companyId).trim().min(1, INVOICE_MESSAGES.companyId).max(30).transform(compactId),
    vatId: text()
      .trim()
      .max(20, INVOICE_MESSAGES.vatId)
      .transform(compactId)
      .optional()
      .transform((value) => (value ? value : undefined)),
    address: required(300, INVOICE_MESSAGES.address),
    city: required(100, INVOICE_MESSAGES.city),
    country: text(INVOICE_MESSAGES.country)
      .trim()
      .toUpperCase()
      .refine((code): code is InvoiceCountry => code in INVOICE_COUNTRIES, INVOICE_MESSAGES.country),
  })
  .superRefine((details, ctx) => {
    const country = details.country;
    if (!(country in INVOICE_COUNTRIES)) return;
    const companyProblem = companyIdProblem(country, details.companyId);
    if (companyProblem) ctx.addIssue({ code: 'custom', path: ['companyId'], message: companyProblem });
    if (details.vatId === undefined) return;
    const vatProblem = vatIdProblem(country, details.vatId);
    if (vatProblem) ctx.addIssue({ code: 'custom', path: ['vatId'], message: vatProblem });
  });
export type InvoiceDetailsInput = z.input<typeof InvoiceDetailsSchema>;
/** What is kept and printed: normalised, `vatId` absent when none was given. */
export interface InvoiceDetails {
  companyName: string;
  companyId: string;
  vatId?: string | undefined;
  address: string;
  city: string;
  country: string;
}

/** The answer of a stored set of details (profile, order): `vatId` null when none. */
export const InvoiceDetailsOutSchema = z.object({
  companyName: z.string(),
  companyId: z.string(),
  vatId: z.string().optional(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
});

/** `POST /api/orders/{id}/invoice` before the tax event of a cash-on-delivery order: 202. */
export const InvoiceRequestedSchema = z.object({ invoiceRequested: z.literal(true) });

export const INVOICE_KINDS = ['invoice', 'credit-note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** An invoice or credit note as the API answers it (201 of a request; the admin's Documents list). */
export const InvoiceDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  /** 10 digits with leading zeros: invoices and credit notes share one series. */
  number: z.string(),
  orderId: z.number().int(),
  orderReference: z.string(),
  issuedAt: z.string(),
  taxEventAt: z.string(),
  recipient: InvoiceDetailsOutSchema,
  /** The total with VAT (a credit note: the amount given back). */
  total: Money,
  vat: Money,
  /** A credit note: the invoice it corrects. */
  invoiceNumber: z.string().nullable(),
  /** The PDF behind a signed link that expires after a day. */
  url: z.string(),
});
export type InvoiceDocument = z.infer<typeof InvoiceDocumentSchema>;

/**
 * What a request for an invoice answers (the shopper's or an admin's): the invoice, issued at once
 * (201), or the request kept for the tax event (202).
 */
export const InvoiceRequestAnswerSchema = z.union([InvoiceDocumentSchema, InvoiceRequestedSchema]);
export type InvoiceRequestAnswer = z.infer<typeof InvoiceRequestAnswerSchema>;

/** `GET /api/admin/documents?kind=&from=&to=&page=&limit=`: every kind of document, newest first. */
export const AdminDocumentsQuerySchema = z.object({
  kind: z.enum(['sale', ...INVOICE_KINDS]).optional(),
  /** Days (YYYY-MM-DD) in Sofia time, both included. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the day as YYYY-MM-DD.')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the day as YYYY-MM-DD.')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminDocumentsQuery = z.input<typeof AdminDocumentsQuerySchema>;

export const AdminDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['sale', ...INVOICE_KINDS]),
  number: z.string(),
  orderId: z.number().int(),
  orderReference: z.string(),
  issuedAt: z.string(),
  /** The company of an invoice or credit note; null for a sale document. */
  recipient: z.string().nullable(),
  total: Money,
  vat: Money,
  url: z.string(),
});
export type AdminDocument = z.infer<typeof AdminDocumentSchema>;
export const AdminDocumentsSchema = z.object({
  data: z.array(AdminDocumentSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminDocuments = z.infer<typeof AdminDocumentsSchema>;
