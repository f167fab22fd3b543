import type { Language } from '@shop/contract';

/**
 * The locale each language's dates and times are written in by `Intl`: the shop writes British
 * English ("15 November 2026 at 14:30", as its texts spell "colour"), so an English page never
 * mixes "November 15, 2026, 2:30 PM" with "15 November 2026" (issue 45 item 13).
 */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', bg: 'bg-BG' };

/** The `Intl` locale of a page's language (English for one the shop does not speak). */
export const intlLocale = (lang: string): string => INTL_LOCALES[lang as Language] ?? INTL_LOCALES.en;
