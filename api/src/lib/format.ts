import type { Language } from '@shop/contract';

const LOCALES: Record<Language, string> = { en: 'en-US', bg: 'bg-BG' };

/** One formatter per language and currency: building one costs ICU a lookup of its locale data. */
const formatters = new Map<string, Intl.NumberFormat>();

/** Money as the web app writes it: the currency sign and 2 decimals, in the language's number style. */
export function formatMoney(cents: number, currency: string, language: Language): string {
  const key = `${language}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency,
      // "$" in every language ("49,99 $" in Bulgarian), as the web app writes it.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string | number): string =>
  String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
