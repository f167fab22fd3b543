import { z } from 'zod';
import { LANGUAGES, QUANTITY_MAX, QUANTITY_MIN, SIZES } from './constants.js';

/** A positive integer id in a path or query string: digits only (no signs, exponents or spaces). */
export const IdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Must be a positive whole number.')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'Must be a positive whole number.'));
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
