import { z } from 'zod';
import { LANGUAGES, QUANTITY_MAX, QUANTITY_MIN, SIZES } from './constants.js';

/** PostgreSQL's `integer`, the type of every id and amount in cents: nothing larger reaches the database. */
export const DB_INT_MAX = 2_147_483_647;

const WHOLE = 'Must be a positive whole number.';

/** A positive integer id in a path or query string: digits only (no signs, exponents or spaces). */
export const IdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, WHOLE)
  .transform(Number)
  .pipe(z.number().max(DB_INT_MAX, WHOLE));

/**
 * An id in a JSON body or a form field: a whole number from 1 to DB_INT_MAX, or its digits (forms
 * send text). Booleans, fractions, exponents and anything larger are refused, never coerced.
 */
export const refIdSchema = (message = WHOLE) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,9}$/)
          .transform(Number),
      ],
      { message },
    )
    .pipe(z.number({ message }).int(message).min(1, message).max(DB_INT_MAX, message));
export const RefIdSchema = refIdSchema();
export const IdParamsSchema = z.object({ id: IdSchema });

/** `?lang=`: anything but a known language falls back to English, never an error. */
export const LangSchema = z
  .string()
  .optional()
  .transform((value) =>
    (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as (typeof LANGUAGES)[number]) : undefined,
  );

export const SizeSchema = z.enum(SIZES);
export const QuantitySchema = z.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX);
