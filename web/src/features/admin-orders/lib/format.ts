const LOCALES: Record<string, string> = { en: 'en-GB', bg: 'bg-BG' };

/** A moment as the admin reads it: "23 Nov 2026, 14:05". */
export const formatDateTime = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(LOCALES[lang] ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A day: "23 Nov 2026". */
export const formatDay = (iso: string, lang: string) =>
  new Date(iso).toLocaleDateString(LOCALES[lang] ?? 'en-GB', { dateStyle: 'medium' });
