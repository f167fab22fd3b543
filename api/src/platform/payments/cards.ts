/**
 * The card rules of the built-in test payment page. No card is ever charged: the page accepts
 * what a real Visa or Mastercard number could be and mimics Stripe's test decline card.
 */

export type CardProblem =
  'nameMissing' | 'numberMalformed' | 'expiryMalformed' | 'cvcMalformed' | 'luhn' | 'brand' | 'expired' | 'declined';

export type CardBrand = 'visa' | 'mastercard';

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardCheck =
  | { ok: true; brand: CardBrand; last4: string }
  /** 400: the form is not filled in correctly; 402: a card the page refuses. */
  | { ok: false; status: 400 | 402; problem: CardProblem };

/** Stripe's "generic decline" test number. */
const DECLINED_TEST_CARD = '4000000000000002';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits) && [13, 16, 19].includes(digits.length)) return 'visa';
  const prefix2 = Number(digits.slice(0, 2));
  const prefix4 = Number(digits.slice(0, 4));
  const mastercardRange = (prefix2 >= 51 && prefix2 <= 55) || (prefix4 >= 2221 && prefix4 <= 2720);
  if (mastercardRange && digits.length === 16) return 'mastercard';
  return null;
}

/** MM/YY; a card is valid until the end of its expiry month. */
export function cardExpired(month: number, year2: number, now: Date): boolean {
  const year = 2000 + year2;
  const endOfMonth = Date.UTC(year, month, 1); // the first instant of the following month
  return now.getTime() >= endOfMonth;
}

export function checkCard(input: CardInput, now = new Date()): CardCheck {
  const fail = (status: 400 | 402, problem: CardProblem): CardCheck => ({ ok: false, status, problem });
  if (input.name.trim().length === 0 || input.name.length > 100) return fail(400, 'nameMissing');
  const digits = input.cardNumber.replace(/ /g, '');
  if (!/^\d{12,19}$/.test(digits)) return fail(400, 'numberMalformed');
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return fail(400, 'expiryMalformed');
  if (!/^\d{3}$/.test(input.cvc.trim())) return fail(400, 'cvcMalformed');
  if (!luhnValid(digits)) return fail(402, 'luhn');
  const brand = cardBrand(digits);
  if (!brand) return fail(402, 'brand');
  if (cardExpired(month, Number(expiry[2]), now)) return fail(402, 'expired');
  if (digits === DECLINED_TEST_CARD) return fail(402, 'declined');
  return { ok: true, brand, last4: digits.slice(-4) };
}
