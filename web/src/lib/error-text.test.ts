import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import { ApiError, CLIENT_ERROR_CODES } from './api-client';
import { errorText, type ErrorWording } from './error-text';

const t = i18n.t.bind(i18n);
const wording: ErrorWording = {
  fallback: 'cart.addFailed',
  codes: { NOT_FOUND: 'cart.errors.gone' },
  fields: { selectedSize: 'cart.errors.size' },
  serverMessage: true,
};
const refused = (code: string, message: string, fields: Record<string, string> = {}) =>
  new ApiError(400, code, message, fields);

describe('errorText', () => {
  it("takes the screen's words for a code, then for a refused field, in any language", async () => {
    expect(errorText(refused('NOT_FOUND', 'Not found'), t, 'en', wording)).toBe('This item is no longer in your cart.');
    expect(errorText(refused('VALIDATION_ERROR', 'Size M is out', { selectedSize: 'x' }), t, 'en', wording)).toBe(
      'This size is not available for this product.',
    );
    await i18n.changeLanguage('bg');
    expect(errorText(refused('NOT_FOUND', 'Not found'), t, 'bg', wording)).toBe(i18n.t('cart.errors.gone'));
  });

  it("shows the server's message in English only, and its translation by code otherwise", async () => {
    const weak = refused('WEAK_PASSWORD', 'This password is on the list of common passwords.');
    expect(errorText(weak, t, 'en', wording)).toBe('This password is on the list of common passwords.');
    await i18n.changeLanguage('bg');
    expect(errorText(weak, t, 'bg', wording)).toBe(i18n.t('apiErrors.WEAK_PASSWORD'));
    // A code the table does not know: the screen's fallback, never the English text.
    expect(errorText(refused('BAD_REQUEST', 'The form data is malformed.'), t, 'bg', wording)).toBe(
      i18n.t('cart.addFailed'),
    );
  });

  it("keeps to the screen's fallback where the spec gives no server message", () => {
    const fixed: ErrorWording = { fallback: 'checkout.failed' };
    expect(errorText(refused('INTERNAL', 'Something went wrong.'), t, 'en', fixed)).toBe(
      'Checkout failed. Please try again later.',
    );
    expect(errorText(new ApiError(0, CLIENT_ERROR_CODES.network, 'Failed to fetch'), t, 'en', fixed)).toBe(
      'Checkout failed. Please try again later.',
    );
  });

  it('says the shop cannot be reached, and falls back on an unreadable answer or a non-api error', () => {
    expect(errorText(new ApiError(0, CLIENT_ERROR_CODES.network, 'Failed to fetch'), t, 'en', wording)).toBe(
      'We could not reach the shop. Check your connection and try again.',
    );
    expect(errorText(new ApiError(502, CLIENT_ERROR_CODES.badResponse, 'Bad Gateway'), t, 'en', wording)).toBe(
      'Failed to update cart. Please check your input.',
    );
    expect(errorText(new Error('boom'), t, 'en', wording)).toBe('Failed to update cart. Please check your input.');
  });
});
