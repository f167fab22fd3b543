import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Language } from '@shop/contract';
import { CLIENT_ERROR_CODES, isApiError } from './api-client';
import { useLanguage } from './use-language';

/**
 * What to tell a person about a failed call: one policy for every screen (docs/decisions/0020).
 *
 * 1. The screen's own words for a code (`codes`), then for a refused field (`fields`).
 * 2. Where the spec words the failure "the server message or …" (`serverMessage`): in English the
 *    server's message, which it writes for people; in any other language the shared table
 *    `apiErrors.<CODE>` of the locale files, which says the same in the reader's language. No
 *    answer at all (NETWORK_ERROR) is in that table too.
 * 3. Otherwise, and for every code the table does not know, the screen's fallback.
 *
 * The server's English text is never shown in another language.
 */
export interface ErrorWording {
  /** i18n key: the screen's words when nothing more specific is known. */
  fallback: string;
  /** i18n keys by machine code (the server's, or one of CLIENT_ERROR_CODES). */
  codes?: Readonly<Partial<Record<string, string>>>;
  /** i18n keys by the field a 400 names, in order: the first field the answer names wins. */
  fields?: Readonly<Record<string, string>>;
  /** The spec says "the server message or <fallback>" for this failure. */
  serverMessage?: boolean;
}

export function errorText(error: unknown, t: TFunction, lang: Language, wording: ErrorWording): string {
  const fallback = () => t(wording.fallback);
  if (!isApiError(error)) return fallback();
  const own = wording.codes?.[error.code];
  if (own) return t(own);
  for (const [field, key] of Object.entries(wording.fields ?? {})) {
    if (error.fields[field]) return t(key);
  }
  if (!wording.serverMessage || error.code === CLIENT_ERROR_CODES.badResponse) return fallback();
  if (lang === 'en' && error.code !== CLIENT_ERROR_CODES.network && error.message) return error.message;
  return t(`apiErrors.${error.code}`, { defaultValue: fallback() });
}

/** `errorText` bound to the current language, for components. */
export function useErrorText(): (error: unknown, wording: ErrorWording) => string {
  const { t } = useTranslation();
  const lang = useLanguage();
  return useCallback((error, wording) => errorText(error, t, lang, wording), [t, lang]);
}
