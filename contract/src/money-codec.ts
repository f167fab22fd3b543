import { z } from 'zod';
import { fromCents, MONEY_MAX_CENTS, MONEY_PROBLEMS, parseCents } from './money.js';

/*
 * The money codec of the request and answer schemas (money.ts says what it reads and writes), apart
 * from money.ts so that what uses only the sums and formats never loads zod: the storefront's
 * first page loaded the schemas' chunk (26 KB gzip) for formatting a price.
 */

/** The codec's two directions: the wire's decimal into cents (refused with a reason), cents into the wire's decimal. */
const transforms = (message: string | undefined) => ({
  decode: (value: number | string, payload: z.core.ParsePayload<number | string>) => {
    const cents = parseCents(value);
    if (typeof cents === 'number') return cents;
    payload.issues.push({ code: 'custom', message: message ?? MONEY_PROBLEMS[cents], input: value });
    return z.NEVER;
  },
  encode: (cents: number) => fromCents(cents),
});

export interface MoneyOptions {
  /** The smallest and largest amount accepted, in cents (by default any amount from 0 up). */
  min?: number;
  max?: number;
  /** The field's own words for any refusal (a form's message); else the reason (MONEY_PROBLEMS). */
  message?: string;
}

/**
 * An amount in a request: a JSON number or its decimal text (forms send text), decoded into
 * integer cents within `min`–`max`. More than two decimals, a number that is not finite or past
 * the safe range, and anything but a number or its digits are refused (400 naming the field).
 */
export const money = ({ min = 0, max = MONEY_MAX_CENTS, message }: MoneyOptions = {}) => {
  const outside = message ?? (min > 0 ? 'The amount must be more than 0.' : 'The amount must not be below 0.');
  return z.codec(
    z.union([z.number(), z.string()], {
      error: (issue) => message ?? (typeof issue.input === 'number' ? MONEY_PROBLEMS.finite : MONEY_PROBLEMS.format),
    }),
    z
      .int()
      .min(min, outside)
      .max(max, message ?? MONEY_PROBLEMS.range),
    transforms(message),
  );
};

/**
 * An amount in an answer: the service gives integer cents, the API writes the shop currency's
 * decimal number (1999 → 19.99). Anything but whole cents fails the answer (a 500, logged), so a
 * decimal can never slip through as cents.
 */
export const Money = z.codec(z.number(), z.int(), transforms(undefined));
