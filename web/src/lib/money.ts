import type { Language } from '@shop/contract';

/** The shop's currency (ARCHITECTURE.md section 7: CURRENCY defaults to USD). */
export const SHOP_CURRENCY = 'USD';

/** Currencies written by hand, with the sign `Intl` shows for them (`narrowSymbol`). */
const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };
const NO_BREAK_SPACE = '\u00a0';

/** Thousands separators, from `minimumDigits` integer digits on (Bulgarian leaves 1234 whole). */
const grouped = (digits: string, separator: string, minimumDigits: number) =>
  digits.length < minimumDigits ? digits : digits.replace(/\B(?=(\d{3})+$)/g, separator);

const LOCALES: Record<Language, string> = { en: 'en-US', bg: 'bg-BG' };
const formatters = new Map<string, Intl.NumberFormat>();

function formatWithIntl(amount: number, language: Language, currency: string): string {
  const cacheKey = `${language}:${currency}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(cacheKey, formatter);
  }
  return formatter.format(amount);
}

/**
 * A price with its currency sign and 2 decimals, written the way the language writes numbers:
 * "$1,234.50" and "1234,50 $", exactly as `Intl.NumberFormat` writes them. The shop's usual
 * currencies are written here by hand: the first `Intl.NumberFormat` of a page costs the browser
 * 50 ms of loading locale data, in the middle of the page's start, and the server's and the
 * browser's versions of that data could differ by a space and break hydration.
 * `currency` is for amounts that carry their own (an order keeps the currency it was placed in).
 */
export function formatMoney(amount: number, language: string, currency: string = SHOP_CURRENCY): string {
  const lang: Language = language === 'bg' ? 'bg' : 'en';
  const value = Number.isFinite(amount) ? amount : 0;
  const symbol = SYMBOLS[currency];
  if (!symbol) return formatWithIntl(value, lang, currency);
  const cents = Math.round(Math.abs(value) * 100);
  const whole = String(Math.floor(cents / 100));
  const fraction = String(cents % 100).padStart(2, '0');
  const sign = value < 0 ? '-' : '';
  return lang === 'bg'
    ? `${sign}${grouped(whole, NO_BREAK_SPACE, 5)},${fraction}${NO_BREAK_SPACE}${symbol}`
    : `${sign}${symbol}${grouped(whole, ',', 4)}.${fraction}`;
}
