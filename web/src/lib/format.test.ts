import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDayAndTime, formatNumber, formatShopDate } from './format';

const LOCALES = { en: 'en-GB', bg: 'bg-BG' } as const;
const languages = fc.constantFrom('en' as const, 'bg' as const);

describe('formatNumber', () => {
  it('writes what toLocaleString writes', () => {
    expect(formatNumber(4.5, 'en', 1)).toBe('4.5');
    expect(formatNumber(4.5, 'bg', 1)).toBe('4,5');
    expect(formatNumber(12345, 'bg')).toBe('12\u00a0345');
    fc.assert(
      fc.property(
        languages,
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.integer({ min: 0, max: 3 }),
        (lang, value, digits) => {
          // toFixed and Intl may round a tie of a binary fraction differently; compare away from ties.
          fc.pre(Math.abs(value * 10 ** digits - Math.round(value * 10 ** digits)) > 1e-6 || Number.isInteger(value));
          const intl = value.toLocaleString(LOCALES[lang], { maximumFractionDigits: digits });
          expect(formatNumber(value, lang, digits)).toBe(intl);
        },
      ),
    );
  });
});

describe('formatShopDate', () => {
  it('writes the shop’s calendar day as dateStyle medium in Europe/Sofia', () => {
    expect(formatShopDate('2026-11-30T22:30:00Z', 'en')).toBe('1 Dec 2026');
    expect(formatShopDate('2026-11-30T21:30:00Z', 'bg')).toBe('30.11.2026 г.');
    fc.assert(
      fc.property(
        languages,
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (lang, date) => {
          const intl = date.toLocaleDateString(LOCALES[lang], { dateStyle: 'medium', timeZone: 'Europe/Sofia' });
          expect(formatShopDate(date.toISOString(), lang)).toBe(intl);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('changes the day at the clock changes of March and October', () => {
    // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
    for (const iso of [
      '2026-03-28T21:59:59Z',
      '2026-03-29T20:59:59Z',
      '2026-03-29T21:00:00Z',
      '2026-10-24T20:59:59Z',
      '2026-10-24T21:00:00Z',
      '2026-10-25T21:59:59Z',
      '2026-10-25T22:00:00Z',
    ]) {
      const intl = new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'Europe/Sofia' });
      expect(formatShopDate(iso, 'en'), iso).toBe(intl);
    }
  });
});

describe('formatDayAndTime', () => {
  it('writes a day and a time in the visitor’s clock as Intl does', () => {
    fc.assert(
      fc.property(
        languages,
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (lang, date) => {
          const intl = date.toLocaleString(LOCALES[lang], {
            day: 'numeric',
            month: 'short',
            hour: '2-digit',
            minute: '2-digit',
          });
          expect(formatDayAndTime(date, lang)).toBe(intl);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
