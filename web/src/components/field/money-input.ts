import { fromCents, parseCents, toCents } from '@shop/contract';
import type { TFunction } from 'i18next';

/**
 * The one reader of money typed into a form (admin prices, delivery prices, a refund, the
 * catalogue's price filter). Bulgarian writes 12,50 and groups thousands with spaces (1 250,50,
 * sometimes 1.250,50); a point is taken for the decimal mark too (a numeric keypad types one).
 * English writes 12.50 and groups with commas (1,250.50); a comma before one or two digits (12,50)
 * can only be a decimal mark, and is read as one. The digits are read exactly into cents by the
 * contract's `parseCents`, the API codec's own reader.
 */

/** Why a typed amount was not read: the field says it in the page's language (`moneyInputError`). */
export type MoneyInputProblem = 'format' | 'decimals' | 'range';

export type MoneyInput =
  /** The amount in the shop currency, as the API's JSON carries it (12.5), and in cents. */
  | { amount: number; cents: number }
  /** Nothing typed: the form decides whether the field may be empty. */
  | { empty: true }
  | { problem: MoneyInputProblem };

const SPACES = /[\s\u00a0\u202f\u2009]/g;
/** A currency sign typed or pasted with the amount ("12,50 €", "$12.50"). */
const SIGN = /^[€$£]|[€$£]$/g;

const PLAIN = /^\d+(?:[.,]\d+)?$/;
const EN_GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const BG_GROUPED = /^\d{1,3}(?:\.\d{3})+,\d+$/;

/** The digits with a point for the decimal mark, or null when `text` is no amount in `lang`. */
function decimalText(text: string, lang: string): string | null {
  if (lang === 'bg') {
    if (BG_GROUPED.test(text)) return text.replace(/\./g, '').replace(',', '.');
    return PLAIN.test(text) ? text.replace(',', '.') : null;
  }
  if (EN_GROUPED.test(text)) return text.replace(/,/g, '');
  if (/^\d+,\d{1,2}$/.test(text)) return text.replace(',', '.');
  return /^\d+(?:\.\d+)?$/.test(text) ? text : null;
}

/** What was typed into a money field, read as the page's language writes amounts. */
export function parseMoneyInput(text: string, lang: string): MoneyInput {
  const trimmed = text.replace(SPACES, '').replace(SIGN, '');
  if (trimmed === '') return { empty: true };
  const decimal = decimalText(trimmed, lang);
  if (decimal === null) return { problem: 'format' };
  // Three decimals are refused even when the third is 0: in Bulgarian 1.250 may mean 1250.
  if ((decimal.split('.')[1]?.length ?? 0) > 2) return { problem: 'decimals' };
  const cents = parseCents(decimal);
  if (typeof cents !== 'number') return { problem: cents === 'decimals' ? 'decimals' : 'range' };
  return { amount: fromCents(cents), cents };
}

/** The field's message for a problem, in the page's language. */
export const moneyInputError = (problem: MoneyInputProblem, t: TFunction): string => t(`field.money.${problem}`);

/** An amount as a money field shows it for editing: "119.00", "119,00" in Bulgarian (no sign, no grouping). */
export function moneyInputText(amount: number, lang: string): string {
  const cents = Math.abs(toCents(amount));
  const text = `${Math.floor(cents / 100)}${lang === 'bg' ? ',' : '.'}${String(cents % 100).padStart(2, '0')}`;
  return amount < 0 ? `-${text}` : text;
}
