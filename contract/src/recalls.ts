import { z } from 'zod';
import { SIZES } from './constants.js';
import { multilineText, text } from './text.js';

/*
 * Product safety recalls (Regulation (EU) 2023/988, Arts. 35–37; YEAR.md section 6, decision
 * 0059): the owner writes the notice in both languages and names the colours and sizes concerned;
 * the notice is published at /recalls/{id} with the fields of the template of Implementing
 * Regulation (EU) 2024/1435, and every buyer of an affected variant is mailed once.
 */

export const RECALL_TITLE_MAX = 200;
export const RECALL_TEXT_MAX = 2000;

const inBoth = (label: string, max: number, line: 'one' | 'many') => {
  const field = () =>
    (line === 'one' ? text() : multilineText())
      .trim()
      .min(1, `Give the ${label} in English and in Bulgarian.`)
      .max(max, `The ${label} has at most ${max} characters.`);
  return z.object({ en: field(), bg: field() }, { message: `Give the ${label} as { en, bg }.` });
};

/** `POST /api/admin/products/{id}/recall`: no `variants` (or an empty list) recalls every colour and size. */
export const RecallBodySchema = z.object({
  title: inBoth('title', RECALL_TITLE_MAX, 'one'),
  hazard: inBoth('hazard', RECALL_TEXT_MAX, 'many'),
  remedy: inBoth('remedy', RECALL_TEXT_MAX, 'many'),
  variants: z
    .array(
      z.object({
        colorId: z.number('Choose a colour of the product.').int().positive('Choose a colour of the product.'),
        size: z.enum(SIZES, 'Choose a size of the product.'),
      }),
    )
    .max(200, 'At most 200 colour and size pairs.')
    .optional(),
});
export type RecallBody = z.infer<typeof RecallBodySchema>;

const Localized = z.object({ en: z.string(), bg: z.string() });
export type LocalizedText = z.infer<typeof Localized>;

/** One colour and size a recall concerns, with the colour's names as published. */
export const RecallVariantSchema = z.object({
  colorId: z.number(),
  colorName: Localized,
  size: z.enum(SIZES),
});
export type RecallVariant = z.infer<typeof RecallVariantSchema>;

/**
 * A published recall notice: the template's heading is the page's, then the product (picture,
 * name, brand, identifier, the colours and sizes, where and when it was sold), the hazard, what to
 * do and the remedy, and whom to contact. What it shows of the product is kept as published.
 */
export const RecallSchema = z.object({
  id: z.number(),
  productId: z.number(),
  title: Localized,
  hazard: Localized,
  remedy: Localized,
  product: z.object({
    name: Localized,
    /** The product identifier (its style code); '' when it has none. */
    styleCode: z.string(),
    imageUrl: z.string(),
    /** The brand: who made it (the seller unless the product names a manufacturer). */
    brand: z.string(),
  }),
  /** Every colour and size when `allVariants`; else those named. */
  allVariants: z.boolean(),
  variants: z.array(RecallVariantSchema),
  /** Where and when it was sold: this shop, from the first to the last order of an affected variant (null: none). */
  soldFrom: z.string().nullable(),
  soldTo: z.string().nullable(),
  /** Whom to contact: the seller's name, email, phone and address when published. */
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
  publishedAt: z.string(),
  /** When the owner last edited its texts; null: as published (decision 0064). */
  editedAt: z.string().nullable(),
  /** When the owner closed it (it stays listed, marked closed); null: open. */
  closedAt: z.string().nullable(),
});
export type Recall = z.infer<typeof RecallSchema>;

/** `PUT /api/admin/recalls/{id}`: the notice's texts, each in both languages (its product and variants stay). */
export const RecallTextsBodySchema = RecallBodySchema.pick({ title: true, hazard: true, remedy: true });
export type RecallTextsBody = z.infer<typeof RecallTextsBodySchema>;

export const RecallsSchema = z.object({ data: z.array(RecallSchema) });
export type Recalls = z.infer<typeof RecallsSchema>;

/** The admin's answer: the notice and how many orders' buyers are being mailed. */
export const RecallPublishedSchema = z.object({ recall: RecallSchema, mailed: z.number() });
export type RecallPublished = z.infer<typeof RecallPublishedSchema>;
