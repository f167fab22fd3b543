import { stringify, type Options } from 'csv-stringify/sync';
import type { Language } from '@shop/contract';

/**
 * How a spreadsheet in the admin's language reads a CSV file: a Bulgarian one (as Excel and
 * LibreOffice set up for Bulgaria) takes `;` between cells and a decimal comma; an English one
 * `,` and a decimal point.
 */
export const CSV_FORMAT: Record<Language, { separator: string; decimal: string }> = {
  en: { separator: ',', decimal: '.' },
  bg: { separator: ';', decimal: ',' },
};

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A cell that is a number as the file writes it (a credit note's `-12,34`): it stays a number. */
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/**
 * A text cell a spreadsheet would run as a formula (a leading `= + - @`, tab or carriage return,
 * or their full-width forms) made inert with an apostrophe (OWASP CSV injection). A plain number
 * is left as it is, so that a negative amount is still summed.
 */
export const inertCell = (value: string): string =>
  FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;

/**
 * The one way this shop writes CSV (csv-stringify), in `separator`: a cell is quoted when it must
 * be, and text cells are made inert (`inertCell`). Such a cell, and any with an apostrophe, is
 * quoted too; a plain number is not (csv-stringify matches `quoted_match` after the cast).
 */
export const csvOptions = (separator: string): Options => ({
  delimiter: separator,
  record_delimiter: '\r\n',
  quote_record_delimiter: true, // a lone \n or \r in a cell is quoted too (off once record_delimiter is set)
  cast: { string: inertCell },
  quoted_match: /^(?!-?\d+(?:[.,]\d+)?$)[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]|'/,
});

export const csvRows = (rows: CsvValue[][], separator = ','): string => stringify(rows, csvOptions(separator));

/** One cell as `csvRows` writes it. */
export const csvCell = (value: CsvValue, separator = ','): string => csvRows([[value]], separator).slice(0, -2);

/**
 * A phone number as a spreadsheet keeps it (decision 0061): `tel:+359 88 123 4567`. Written bare,
 * Excel reads `+359…` as a formula and `0888…` as a number (the plus or the leading zero gone), and
 * the inert form `'+359…` shows its apostrophe. The `tel:` scheme (RFC 3966) starts with a letter,
 * so every spreadsheet keeps the cell as text, in any locale, with the number exactly as typed.
 */
export const phoneText = (phone: string | null | undefined): string | null => (phone ? `tel:${phone.trim()}` : null);

/** Cents as a decimal of the currency's unit with `decimal` as its mark: 123456 → `1234,56`. */
export const decimalOf = (cents: number, decimal: string): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}`;
};
