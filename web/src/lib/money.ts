import type { Language } from '@shop/contract';

/** The shop's currency (ARCHITECTURE.md section 7: CURRENCY defaults to USD). */
export const SHOP_CURRENCY = 'USD';

const LOCALES: Record<Language, string> = { en: 'en-US', bg: 'bg-BG' };
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A price with its currency sign and 2 decimals, written the way the language writes numbers.
 * `currency` is for amounts that carry their own (an order keeps the currency it was placed in).
 */
export function formatMoney(amount: number, language: string, currency: string = SHOP_CURRENCY): string {
  const locale = LOCALES[language as Language] ?? LOCALES.en;
  const cacheKey = `${locale}:${currency}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // "$" in every language ("49,99 $" in Bulgarian) rather than "щ.д." or "US$".
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(cacheKey, formatter);
  }
  return formatter.format(Number.isFinite(amount) ? amount : 0);
}
