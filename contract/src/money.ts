import type { Language } from './constants.js';

/**
 * Money: integer cents inside both programs (docs/decisions/0032), decimals of the shop currency
 * only in the API's JSON (what the spec's clients expect). `money()` and `Money` (money-codec.ts)
 * are the one codec between the two, used by the request and answer schemas (docs/decisions/0049):
 * a request is decoded into cents, an answer's cents are encoded into decimals. The two functions
 * here are the codec's own; the web app, which keeps the API's decimals, uses them for its sums.
 * This file imports no zod: the storefront's first scripts use it without the schemas' library.
 */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

/** The largest amount the codec takes: beyond it, a number of cents is no longer exact in a double. */
export const MONEY_MAX_CENTS = Number.MAX_SAFE_INTEGER;

/** Why an amount was refused, in the words of the API's 400 (the field is named beside it). */
export const MONEY_PROBLEMS = {
  format: 'An amount is a number in the shop currency, e.g. 12.50.',
  decimals: 'An amount has at most two decimals (whole cents).',
  finite: 'An amount must be a finite number.',
  range: 'The amount is too large.',
} as const;
export type MoneyProblem = keyof typeof MONEY_PROBLEMS;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An amount of the shop currency, as a JSON number or its decimal text, read exactly into cents:
 * from its digits, never by multiplying a float (19.99 → 1999; 0.1 + 0.2 is written
 * 0.30000000000000004, which has more than two decimals, and is refused). Trailing zeros do not
 * count as decimals ("12.500").
 */
export function parseCents(value: number | string): number | MoneyProblem {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'finite';
    if (Math.abs(value) > MONEY_MAX_CENTS / 100) return 'range';
    text = String(value);
    // What is left in exponent notation is smaller than a millionth (1e-7).
    if (text.includes('e')) return 'decimals';
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return 'format';
  const [, sign, whole, fraction = ''] = match;
  const cents = fraction.replace(/0+$/, '');
  if (cents.length > 2) return 'decimals';
  const exact = BigInt(whole!) * 100n + BigInt(cents.padEnd(2, '0'));
  if (exact > BigInt(MONEY_MAX_CENTS)) return 'range';
  return (sign ? -1 : 1) * Number(exact);
}

/**
 * Cents as the currency's decimal number, exactly and without grouping or sign of the currency:
 * 123456 → "1234.56" ("1234,56" with a decimal comma), -5 → "-0.05". What a machine or a
 * spreadsheet reads: CSV cells, the audit file, a sale document's QR text, a form's field.
 */
export function decimalText(cents: number, mark: '.' | ',' = '.'): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}${mark}${String(abs % 100).padStart(2, '0')}`;
}

const MONEY_LOCALES: Record<Language, string> = { en: 'en-US', bg: 'bg-BG' };
/** One formatter per language and currency, kept: building one costs ICU a lookup of its locale data. */
const moneyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount with its currency sign and 2 decimals as `Intl` writes it in the language ("$1,234.50",
 * "1234,50 $"): the sign is the narrow one in every language.
 */
export function intlMoney(amount: number, language: Language, currency: string): string {
  const key = `${language}:${currency}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(MONEY_LOCALES[language], {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormatters.set(key, formatter);
  }
  return formatter.format(amount);
}

/** Some of the order was refunded, not all of it (a "partly refunded" badge on the lists). */
export const partlyRefunded = (order: { total: number; refunded: number }): boolean =>
  toCents(order.refunded) > 0 && toCents(order.refunded) < toCents(order.total);

/** What one line costs: its unit price (VAT included) times the quantity, less its share of a discount. */
export interface TotalsLine {
  unitPriceCents: number;
  quantity: number;
  /** The part of an order discount this line carries (part three's codes); 0 without one. */
  discountCents?: number;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  /** The delivery price of the method chosen, free from `freeFromCents` of goods (null: never free). */
  delivery: { priceCents: number; freeFromCents: number | null };
  /** The cash-on-delivery fee when paid on delivery, else 0. */
  codFeeCents: number;
  /** VAT rate in percent: prices include it, the documents show it apart (20 in Bulgaria). */
  vatRatePercent: number;
}

export interface OrderTotals {
  /** The lines at their prices, before any discount. */
  subtotalCents: number;
  discountCents: number;
  deliveryCents: number;
  codFeeCents: number;
  /** What the shopper pays: subtotal − discount + delivery + fee. */
  totalCents: number;
  /** The VAT within the total, reckoned per line (and for delivery and the fee), each rounded to the cent. */
  vatCents: number;
  /** How much more of goods buys free delivery; null when free already or never free. */
  toFreeDeliveryCents: number | null;
}

/** The VAT within a price that includes it, at `ratePercent`, to the cent. */
export const vatWithin = (grossCents: number, ratePercent: number): number =>
  Math.round((grossCents * ratePercent) / (100 + ratePercent));

/**
 * What an order costs, in cents: what checkout stores and charges, what the web shows before it,
 * what the provider is asked for and what the documents print. One function, so that they agree
 * to the cent. Free delivery counts the goods after their discount: what the shopper pays for them.
 */
export function orderTotals(input: TotalsInput): OrderTotals {
  const lineTotals = input.lines.map((line) => line.unitPriceCents * line.quantity - (line.discountCents ?? 0));
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = input.lines.reduce((sum, line) => sum + (line.discountCents ?? 0), 0);
  const goodsCents = subtotalCents - discountCents;
  const { priceCents, freeFromCents } = input.delivery;
  const free = freeFromCents !== null && goodsCents >= freeFromCents;
  const deliveryCents = free ? 0 : priceCents;
  const rate = input.vatRatePercent;
  const vatCents = [...lineTotals, deliveryCents, input.codFeeCents].reduce(
    (sum, gross) => sum + vatWithin(gross, rate),
    0,
  );
  return {
    subtotalCents,
    discountCents,
    deliveryCents,
    codFeeCents: input.codFeeCents,
    totalCents: goodsCents + deliveryCents + input.codFeeCents,
    vatCents,
    toFreeDeliveryCents: freeFromCents === null || free ? null : freeFromCents - goodsCents,
  };
}
