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

/** A party the product page names: a name, a postal and an electronic address. */
export const ProductPartySchema = z.object({ name: z.string(), address: z.string(), email: z.string() });
export type ProductParty = z.infer<typeof ProductPartySchema>;

/**
 * Who made the product, and, when the manufacturer is not established in the Union, its
 * responsible person in the EU (Art. 19(b): both are named then; issue 50, decision 0081).
 */
export const ManufacturerSchema = ProductPartySchema.extend({
  responsiblePerson: ProductPartySchema.nullable().optional(),
});
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

/** A party's fields in the same route, their messages naming whom they are about. */
const partyFields = (who: string) => ({
  name: text().trim().min(1, `Give the ${who}'s name.`).max(200, `The ${who}'s name has at most 200 characters.`),
  address: text()
    .trim()
    .min(1, `Give the ${who}'s postal address.`)
    .max(300, `The ${who}'s address has at most 300 characters.`),
  email: z
    .string()
    .trim()
    .min(1, `Give the ${who}'s email address.`)
    .pipe(z.email(`Enter the ${who}'s email as a valid email address.`).max(254)),
});

/**
 * `manufacturer` of the same route: null means the seller (the shop's settings). A manufacturer
 * outside the Union names its responsible person in the EU too (`responsiblePerson`; null or
 * left out: none).
 */
export const ManufacturerBodySchema = z.object(
  {
    ...partyFields('manufacturer'),
    responsiblePerson: z
      .object(partyFields('responsible person'), {
        message: 'Give the responsible person as { name, address, email }, or null.',
      })
      .nullable()
      .optional(),
  },
  { message: 'Give the manufacturer as { name, address, email }, or null for the seller.' },
);
