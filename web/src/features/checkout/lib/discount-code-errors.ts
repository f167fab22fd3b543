import type { TFunction } from 'i18next';
import type { Language } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { formatShopDate } from '../../../lib/format';

/** The refusals that belong beside the code field rather than in a toast. */
const CODE_REFUSALS = ['CODE_NOT_FOUND', 'CODE_USED_UP', 'CODE_MIN_SUBTOTAL', 'CODE_ALREADY_USED'] as const;

/** A refusal of the code itself (unknown, used up, below its minimum, used already). */
export const isCodeRefusal = (error: unknown): boolean =>
  isApiError(error) && (CODE_REFUSALS as readonly string[]).includes(error.code);

/** Too many wrong codes in a minute (quote and session counted together). */
export const isTooManyTries = (error: unknown): boolean => isApiError(error) && error.status === 429;

/** What to say beside the code field about a failed quote or session, in the shopper's language. */
export function codeErrorText(
  error: unknown,
  t: TFunction,
  money: (amount: number) => string,
  lang: Language = 'en',
): string {
  if (isTooManyTries(error)) return t('checkout.code.errors.RATE_LIMITED');
  if (!isApiError(error) || !isCodeRefusal(error)) return t('checkout.code.errors.failed');
  if (error.code === 'CODE_MIN_SUBTOTAL') {
    // The API gives the amount missing as data (`remaining`); its English message is never read for it.
    const amount = error.remaining ?? null;
    return amount === null
      ? t('checkout.code.errors.CODE_MIN_SUBTOTAL_unknown')
      : t('checkout.code.errors.CODE_MIN_SUBTOTAL', { amount: money(amount) });
  }
  if (error.code === 'CODE_NOT_FOUND' && error.expiredAt) {
    // An ended code says on which day it ended (issue 45), in the shop's calendar.
    if (!Number.isNaN(Date.parse(error.expiredAt))) {
      return t('checkout.code.errors.expired', { date: formatShopDate(error.expiredAt, lang) });
    }
  }
  return t(`checkout.code.errors.${error.code}`);
}
