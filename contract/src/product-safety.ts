import { z } from 'zod';
import { multilineText, text } from './text.js';

/*
 * Product safety (Regulation (EU) 2023/988, Art. 19; YEAR.md section 6): an online offer names
 * the manufacturer with a postal and an electronic address, the product identifier (the style
 * code, fit.ts) and any warnings or safety information, in the language of the consumer.
 */

/** Warnings and safety information in each language ('' when there is none in it). */
export const SafetySchema = z.object({ en: z.string(), bg: z.string() });
export type Safety = z.infer<typeof SafetySchema>;

/** Who made the product (or its responsible person in the EU): a name, a postal and an electronic address. */
export const ManufacturerSchema = z.object({ name: z.string(), address: z.string(), email: z.string() });
export type Manufacturer = z.infer<typeof ManufacturerSchema>;

export const SAFETY_MAX_LENGTH = 2000;

const safetyText = () =>
  multilineText().trim().max(SAFETY_MAX_LENGTH, `Safety information has at most ${SAFETY_MAX_LENGTH} characters.`);

/**
 * `safety` of `PUT /api/admin/products/{id}/details`: both languages or neither, since a warning a
 * reader cannot read protects nobody. Both '' (or null) clears it.
 */
export const SafetyBodySchema = z
  .object({ en: safetyText(), bg: safetyText() }, { message: 'Give the safety information as { en, bg }.' })
  .superRefine((safety, context) => {
    if ((safety.en === '') === (safety.bg === '')) return;
    const missing = safety.en === '' ? 'en' : 'bg';
    context.addIssue({
      code: 'custom',
      path: [missing],
      message: 'Give the safety information in both English and Bulgarian.',
    });
  });

/** `manufacturer` of the same route: null means the seller (the shop's settings). */
export const ManufacturerBodySchema = z.object(
  {
    name: text()
      .trim()
      .min(1, "Give the manufacturer's name.")
      .max(200, "The manufacturer's name has at most 200 characters."),
    address: text()
      .trim()
      .min(1, "Give the manufacturer's postal address.")
      .max(300, "The manufacturer's address has at most 300 characters."),
    email: z
      .string()
      .trim()
      .min(1, "Give the manufacturer's email address.")
      .pipe(z.email("Enter the manufacturer's email as a valid email address.").max(254)),
  },
  { message: 'Give the manufacturer as { name, address, email }, or null for the seller.' },
);
