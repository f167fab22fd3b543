import { fromCents, intlMoney, type Language } from '@shop/contract';

/** Money as the web app writes it: the currency sign and 2 decimals, in the language's number style. */
export const formatMoney = (cents: number, currency: string, language: Language): string =>
  intlMoney(fromCents(cents), language, currency);

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string | number): string =>
  String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
