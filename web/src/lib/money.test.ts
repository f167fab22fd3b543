import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes dollars the English way', () => {
    expect(formatMoney(49.9, 'en')).toBe('$49.90');
    expect(formatMoney(1234.5, 'en')).toBe('$1,234.50');
  });

  it('writes dollars the Bulgarian way', () => {
    // Intl separates with (narrow) no-break spaces.
    expect(formatMoney(12345.5, 'bg').replace(/\s/g, ' ')).toBe('12 345,50 $');
    expect(formatMoney(49.9, 'bg').replace(/\s/g, ' ')).toBe('49,90 $');
  });

  it('falls back to English for an unknown language and to 0 for a missing price', () => {
    expect(formatMoney(5, 'de')).toBe('$5.00');
    expect(formatMoney(Number.NaN, 'en')).toBe('$0.00');
  });
});
