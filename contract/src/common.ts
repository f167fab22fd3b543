import { z } from 'zod';
import { LANGUAGES, QUANTITY_MAX, QUANTITY_MIN, SIZES } from './constants.js';

/** A positive integer id in a path or body; strings of digits are accepted (path params). */
export const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const IdParamsSchema = z.object({ id: IdSchema });

/** `?lang=`: anything but a known language falls back to English, never an error. */
export const LangSchema = z
  .string()
  .optional()
  .transform((value) => (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as (typeof LANGUAGES)[number]) : undefined);

export const SizeSchema = z.enum(SIZES);
export const QuantitySchema = z.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX);
