import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyInputText, parseMoneyInput } from './money-input';

const amount = (text: string, lang: string) => {
  const read = parseMoneyInput(text, lang);
  return 'amount' in read ? read.amount : read;
};

describe('parseMoneyInput', () => {
  it('reads Bulgarian amounts: a decimal comma or point, spaces between thousands, a sign left on', () => {
    expect(amount('12,50', 'bg')).toBe(12.5);
    expect(amount('12.50', 'bg')).toBe(12.5);
    expect(amount('1 250,50', 'bg')).toBe(1250.5);
    expect(amount('1\u00a0250,50\u00a0€', 'bg')).toBe(1250.5);
    expect(amount('1.250,50', 'bg')).toBe(1250.5);
    expect(amount(' 89 ', 'bg')).toBe(89);
  });

  it('reads English amounts: a decimal point, commas between thousands; a comma before cents is a decimal mark', () => {
    expect(amount('12.50', 'en')).toBe(12.5);
    expect(amount('€1,250.50', 'en')).toBe(1250.5);
    expect(amount('1,250', 'en')).toBe(1250);
    expect(amount('12,5', 'en')).toBe(12.5);
  });

  it('gives cents exactly, never a float product', () => {
    expect(parseMoneyInput('19,99', 'bg')).toEqual({ amount: 19.99, cents: 1999 });
    expect(parseMoneyInput('0.29', 'en')).toEqual({ amount: 0.29, cents: 29 });
  });

  it('says why it could not read an amount', () => {
    expect(parseMoneyInput('', 'bg')).toEqual({ empty: true });
    expect(parseMoneyInput('   ', 'en')).toEqual({ empty: true });
    expect(parseMoneyInput('abc', 'en')).toEqual({ problem: 'format' });
    expect(parseMoneyInput('-5', 'bg')).toEqual({ problem: 'format' });
    expect(parseMoneyInput('1,2,3', 'bg')).toEqual({ problem: 'format' });
    expect(parseMoneyInput('12,345', 'bg')).toEqual({ problem: 'decimals' });
    // A Bulgarian thousand with a point and no cents is refused rather than read as 1.25.
    expect(parseMoneyInput('1.250', 'bg')).toEqual({ problem: 'decimals' });
    expect(parseMoneyInput('12.505', 'en')).toEqual({ problem: 'decimals' });
    expect(parseMoneyInput('99999999999999999', 'en')).toEqual({ problem: 'range' });
  });

  it('reads back what a money field shows, in both languages', () => {
    expect(moneyInputText(119, 'bg')).toBe('119,00');
    expect(moneyInputText(119, 'en')).toBe('119.00');
    expect(moneyInputText(4.5, 'bg')).toBe('4,50');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.constantFrom('en', 'bg'), (cents, lang) => {
        expect(parseMoneyInput(moneyInputText(cents / 100, lang), lang)).toEqual({ amount: cents / 100, cents });
      }),
    );
  });
});
