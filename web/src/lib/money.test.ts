import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, lineAmount, sumAmounts } from './money';

const intl = (amount: number, locale: string, currency: string) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);

describe('formatMoney', () => {
  it('writes dollars the English way', () => {
    expect(formatMoney(49.9, 'en', 'USD')).toBe('$49.90');
    expect(formatMoney(1234.5, 'en', 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234567.891, 'en', 'USD')).toBe('$1,234,567.89');
  });

  it('writes dollars the Bulgarian way, with no-break spaces', () => {
    expect(formatMoney(49.9, 'bg', 'USD')).toBe('49,90\u00a0$');
    expect(formatMoney(1234.5, 'bg', 'USD')).toBe('1234,50\u00a0$');
    expect(formatMoney(12345.5, 'bg', 'USD')).toBe('12\u00a0345,50\u00a0$');
  });

  it('falls back to English for an unknown language and to 0 for a missing price', () => {
    expect(formatMoney(5, 'de', 'USD')).toBe('$5.00');
    expect(formatMoney(Number.NaN, 'en', 'USD')).toBe('$0.00');
  });

  it('writes euros as the README shows them (CURRENCY=EUR)', () => {
    expect(formatMoney(1234.5, 'en', 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'bg', 'EUR')).toBe('1234,50\u00a0€');
  });

  it('writes the bare amount until the server has named the currency', () => {
    expect(formatMoney(1234.5, 'en', undefined)).toBe('1,234.50');
    expect(formatMoney(1234.5, 'bg', undefined)).toBe('1234,50');
  });

  it('writes every price of cents exactly as Intl.NumberFormat does, in both languages', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.constantFrom('USD', 'EUR', 'GBP'),
        (cents, currency) => {
          const amount = cents / 100;
          expect(formatMoney(amount, 'en', currency)).toBe(intl(amount, 'en-US', currency));
          expect(formatMoney(amount, 'bg', currency)).toBe(intl(amount, 'bg-BG', currency));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('leaves other currencies to Intl.NumberFormat', () => {
    expect(formatMoney(1234.5, 'en', 'CHF')).toBe(intl(1234.5, 'en-US', 'CHF'));
    expect(formatMoney(1234.5, 'bg', 'BGN')).toBe(intl(1234.5, 'bg-BG', 'BGN'));
  });
});

describe('lineAmount and sumAmounts', () => {
  it('reckon in cents, so no float dust reaches a total', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(19.9 * 3).not.toBe(59.7);
    expect(lineAmount(19.9, 3)).toBe(59.7);
    expect(lineAmount(Number.NaN, 2)).toBe(0);
    expect(sumAmounts([lineAmount(1.15, 3), lineAmount(1.1, 3)])).toBe(6.75);
  });
});
