import { fromCents, intlMoney, toCents, type Language } from '@shop/contract';
import { grouped, NO_BREAK_SPACE } from './format';

/** Currencies written by hand, with the sign `Intl` shows for them (`narrowSymbol`). */
const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

/**
 * A price with its currency sign and 2 decimals, written the way the language writes numbers:
 * "$1,234.50" and "1234,50 $", exactly as `Intl.NumberFormat` writes them. The shop's usual
 * currencies are written here by hand: the first `Intl.NumberFormat` of a page costs the browser
 * 50 ms of loading locale data, in the middle of the page's start, and the server's and the
 * browser's versions of that data could differ by a space and break hydration.
 * `currency` comes from the server (lib/settings.ts, or the order's own): no currency is
 * hard-coded in the browser. Until it is known (`undefined`), the amount is written without a sign.
 */
export function formatMoney(amount: number, language: string, currency: string | undefined): string {
  const lang: Language = language === 'bg' ? 'bg' : 'en';
  const value = Number.isFinite(amount) ? amount : 0;
  if (currency !== undefined && !SYMBOLS[currency]) return intlMoney(value, lang, currency);
  const symbol = currency === undefined ? '' : (SYMBOLS[currency] ?? '');
  const cents = toCents(Math.abs(value));
  const whole = String(Math.floor(fromCents(cents)));
  const fraction = String(cents % 100).padStart(2, '0');
  const sign = value < 0 ? '-' : '';
  if (lang === 'bg') {
    const number = `${sign}${grouped(whole, NO_BREAK_SPACE, 5)},${fraction}`;
    return symbol ? `${number}${NO_BREAK_SPACE}${symbol}` : number;
  }
  return `${sign}${symbol}${grouped(whole, ',', 4)}.${fraction}`;
}

/** What `quantity` at `price` costs, reckoned in cents (a price that is not a number counts as 0). */
export const lineAmount = (price: number, quantity: number): number =>
  fromCents(toCents(Number.isFinite(price) ? price : 0) * quantity);

/** The sum of amounts of the currency, reckoned in cents (0.1 + 0.2 is 0.3). */
export const sumAmounts = (amounts: readonly number[]): number =>
  fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0));
