import type { TFunction } from 'i18next';
import type { Language } from '@shop/contract';
import { CLIENT_ERROR_CODES, isApiError } from './api-client';

/**
 * What to tell a person about a failed call. The server writes its messages in English for
 * people (the spec shows them as they are); in another language the machine code picks a
 * translation (`apiErrors.<CODE>`), and anything unknown gets the screen's own fallback.
 */
export function apiErrorText(error: unknown, t: TFunction, lang: Language, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.code === CLIENT_ERROR_CODES.network) return t('apiErrors.NETWORK_ERROR');
  if (error.code === CLIENT_ERROR_CODES.badResponse) return fallback;
  if (lang === 'en' && error.message) return error.message;
  return t(`apiErrors.${error.code}`, { defaultValue: fallback });
}
