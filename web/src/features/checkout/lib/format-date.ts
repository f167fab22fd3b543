import type { Language } from '@shop/contract';

const LOCALES: Record<Language, string> = { en: 'en-US', bg: 'bg-BG' };

/** "May 15, 2026 at 2:30 PM" / "15 май 2026 г. в 14:30" */
export const formatDateTime = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
