import { describe, expect, it } from 'vitest';
import { cardBrand, cardExpired, checkCard, luhnValid } from './cards.js';

const card = (overrides: Partial<{ cardNumber: string; expiry: string; cvc: string; name: string }> = {}) => ({
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/34',
  cvc: '123',
  name: 'Ada Lovelace',
  ...overrides,
});
const now = new Date('2026-05-15T12:00:00Z');

describe('card rules of the built-in payment page', () => {
  it('checks numbers with the Luhn algorithm', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('knows Visa and Mastercard (including the 2-series) and nothing else', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('4222222222222')).toBe('visa');
    expect(cardBrand('5105105105105100')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBeNull(); // American Express
    expect(cardBrand('6011111111111117')).toBeNull(); // Discover
  });

  it('treats a card as valid until the end of its expiry month', () => {
    expect(cardExpired(5, 26, now)).toBe(false);
    expect(cardExpired(4, 26, now)).toBe(true);
    expect(cardExpired(12, 25, new Date('2025-12-31T23:59:59Z'))).toBe(false);
    expect(cardExpired(12, 25, new Date('2026-01-01T00:00:00Z'))).toBe(true);
  });

  it('accepts a valid Visa or Mastercard number, spaces allowed', () => {
    expect(checkCard(card(), now)).toEqual({ ok: true, brand: 'visa', last4: '4242' });
    expect(checkCard(card({ cardNumber: '5555555555554444', expiry: ' 05 / 26 ' }), now)).toMatchObject({
      ok: true,
      brand: 'mastercard',
    });
  });

  it('refuses with 402 and the reason: Luhn, brand, expiry, the decline test card', () => {
    expect(checkCard(card({ cardNumber: '4242 4242 4242 4241' }), now)).toEqual({
      ok: false,
      status: 402,
      problem: 'luhn',
    });
    expect(checkCard(card({ cardNumber: '3782 822463 10005' }), now)).toEqual({
      ok: false,
      status: 402,
      problem: 'brand',
    });
    expect(checkCard(card({ expiry: '04/26' }), now)).toEqual({ ok: false, status: 402, problem: 'expired' });
    expect(checkCard(card({ cardNumber: '4000 0000 0000 0002' }), now)).toEqual({
      ok: false,
      status: 402,
      problem: 'declined',
    });
  });

  it('answers 400 for a form that is not filled in properly', () => {
    expect(checkCard(card({ name: '  ' }), now)).toMatchObject({ status: 400, problem: 'nameMissing' });
    expect(checkCard(card({ cardNumber: '4242-4242-4242-4242' }), now)).toMatchObject({
      status: 400,
      problem: 'numberMalformed',
    });
    expect(checkCard(card({ cardNumber: '' }), now)).toMatchObject({ status: 400, problem: 'numberMalformed' });
    expect(checkCard(card({ expiry: '13/30' }), now)).toMatchObject({ status: 400, problem: 'expiryMalformed' });
    expect(checkCard(card({ expiry: '1230' }), now)).toMatchObject({ status: 400, problem: 'expiryMalformed' });
    expect(checkCard(card({ cvc: '12' }), now)).toMatchObject({ status: 400, problem: 'cvcMalformed' });
  });
});
