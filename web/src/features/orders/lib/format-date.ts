import type { Language } from '@shop/contract';
import { intlLocale } from '../../../lib/intl-locales';

/** "15 May 2026 at 14:30" / "15 май 2026 г. в 14:30" */
export const formatDateTime = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
