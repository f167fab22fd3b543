import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { codeErrorText } from './discount-code-errors';

const t = i18n.t.bind(i18n);
const money = (amount: number) => `${amount.toFixed(2)} €`;
const refused = (code: string, message: string, expiredAt?: string) =>
  new ApiError(404, code, message, {}, [], undefined, [], undefined, expiredAt);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('codeErrorText', () => {
  it('says an ended code expired, and on which day of the shop’s calendar, in both languages (issue 45)', async () => {
    // 23:30 in Sofia on 31 March is 20:30 UTC: the shop's day, not the visitor's.
    const ended = refused('CODE_NOT_FOUND', 'This code expired on 31 March 2026 at 23:30.', '2026-03-31T20:30:00.000Z');
    expect(codeErrorText(ended, t, money, 'en')).toBe('This code expired on 31 Mar 2026.');
    await i18n.changeLanguage('bg');
    expect(codeErrorText(ended, t, money, 'bg')).toBe('Този код изтече на 31.03.2026 г.');
  });

  it('keeps "does not exist or is not active" for a code that is unknown or switched off', () => {
    expect(codeErrorText(refused('CODE_NOT_FOUND', 'x'), t, money, 'en')).toBe(
      'This code does not exist or is not active.',
    );
  });
});
