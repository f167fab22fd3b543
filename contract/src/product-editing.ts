import { z } from 'zod';
import { multilineText, text } from './text.js';
import { CATEGORY_IDS, LANGUAGES, SIZES } from './constants.js';
import { DB_INT_MAX, IdSchema, RefIdSchema, refIdSchema } from './common.js';
import { ColorSchema } from './catalog.js';
import { money } from './money-codec.js';

const requiredText = (message: string, max: number) => text({ message }).trim().min(1, message).max(max, message);
/** A product's description: paragraphs, so line breaks too. */
const requiredLines = (message: string, max: number) =>
  multilineText({ message }).trim().min(1, message).max(max, message);
const optionalLines = (message: string, max: number) => multilineText({ message }).trim().max(max, message).default('');

/** Highest price of a product, in the shop currency. */
export const PRICE_MAX = 100_000;

/** Colours per product: also bounds the files of one upload request (two images each). */
export const MAX_COLORS = 12;

export const ColorNameSchema = text({ message: 'Color name is required' })
  .trim()
  .min(1, 'Color name is required')
  .max(60, 'Color names have at most 60 characters');

/** The sizes a product comes in (create and edit forms): at least one of SIZES, duplicates dropped. */
export const SizesSchema = z
  .array(z.enum(SIZES, { message: `Sizes are ${SIZES.join(', ')}` }), { message: 'At least one size is required' })
  .min(1, 'At least one size is required')
  .transform((sizes) => [...new Set(sizes)]);

/** A colour's Bulgarian name; '' (or left out of a new colour): the English name is shown in Bulgarian too. */
export const ColorNameBgSchema = text({ message: 'The Bulgarian color name must be text' })
  .trim()
  .max(60, 'Color names have at most 60 characters');

/** The spec's create payload (section 3), with its per-field messages. */
export const CreateProductBodySchema = z.object({
  enName: requiredText('English name is required', 120),
  enDescription: requiredLines('English description is required', 4000),
  bgName: requiredText('Bulgarian name is required', 120),
  bgDescription: requiredLines('Bulgarian description is required', 4000),
  /** Optional product information: what it is made of and how to care for it, per language. */
  enComposition: optionalLines('The composition has at most 500 characters', 500),
  enCare: optionalLines('The care instructions have at most 1000 characters', 1000),
  bgComposition: optionalLines('The composition has at most 500 characters', 500),
  bgCare: optionalLines('The care instructions have at most 1000 characters', 1000),
  price: money({ min: 1, max: PRICE_MAX * 100, message: 'Valid price is required' }),
  categoryId: refIdSchema('Category is required').refine(
    (id) => (CATEGORY_IDS as readonly number[]).includes(id),
    'Category is required',
  ),
  sizes: SizesSchema,
  colors: z
    .array(z.object({ colorName: ColorNameSchema, colorNameBg: ColorNameBgSchema.default('') }), {
      message: 'At least one color is required',
    })
    .min(1, 'At least one color is required')
    .max(MAX_COLORS, `At most ${MAX_COLORS} colors`),
  translations: z
    .object({
      create: z
        .array(
          z.object({
            language: z.enum(LANGUAGES),
            name: text().max(120).optional(),
            description: multilineText().max(4000).optional(),
            imageUrl: text().max(500).optional(),
          }),
        )
        .max(2),
    })
    .optional(),
});
export type CreateProductBody = z.input<typeof CreateProductBodySchema>;

/** The spec's overall message beside the per-field ones, for both product forms. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/** The texts, price and category of a product: the part the create and edit forms share. */
export const ProductDetailsSchema = CreateProductBodySchema.pick({
  enName: true,
  enDescription: true,
  bgName: true,
  bgDescription: true,
  enComposition: true,
  enCare: true,
  bgComposition: true,
  bgCare: true,
  price: true,
  categoryId: true,
});
export type ProductDetails = z.output<typeof ProductDetailsSchema>;
/** The details as a client sends them (the price a decimal of the shop currency). */
export type ProductDetailsInput = z.input<typeof ProductDetailsSchema>;

export const EditColorsSchema = z
  // Left out (a client that predates it), the colour keeps the Bulgarian name it has.
  .array(z.object({ id: RefIdSchema, colorName: ColorNameSchema, colorNameBg: ColorNameBgSchema.optional() }), {
    message: 'At least one color is required',
  })
  .min(1, 'At least one color is required')
  .max(MAX_COLORS, `At most ${MAX_COLORS} colors`)
  .refine((colors) => new Set(colors.map((color) => color.id)).size === colors.length, 'A color is listed twice');

/** A form field that carries JSON (multipart forms are flat), checked with `schema`. */
const jsonField = <S extends z.ZodType>(schema: S, message: string) =>
  z
    .string({ message })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    })
    .pipe(schema);

/**
 * The text fields of the multipart edit form. `colors` is JSON of `[{ id, colorName, colorNameBg? }]`, in the
 * order to show them; colours left out are removed. Images travel beside it as
 * `colorImage_{id}` / `colorHoverImage_{id}` (and optionally `mainImage`).
 *
 * `knownColors` (optional, JSON of ids) names the colours the form was showing: a colour added
 * elsewhere after the form opened (a second tab) is then kept instead of removed.
 *
 * `sizes` (optional, JSON like `["S","M"]`) sets the sizes: new ones are added (a tracked product
 * has none of them on hand yet), those left out are removed with their stock. Removing a size
 * that cart lines or wishlist items hold needs `confirmSizeRemoval=true`, else the answer is 409
 * `SIZE_IN_USE` with `sizes: [{ size, carts, wishlists }]` (how many shoppers hold each) and
 * nothing changes. Once removed, those cart lines stay but answer `available: 0` and
 * `sizeOffered: false` (the checkout refuses them); wishlist items stay, and cannot be added to
 * the cart in that size. A size a pending checkout holds stock of is never removed: 409
 * `SIZE_RESERVED` until that checkout is paid or has expired.
 */
export const EditProductFieldsSchema = ProductDetailsSchema.extend({
  colors: jsonField(EditColorsSchema, 'Colors must be JSON of [{ id, colorName }]'),
  knownColors: jsonField(
    z.array(z.number().int().positive().max(DB_INT_MAX)).max(100),
    'Known colors must be JSON of ids',
  ).optional(),
  /** Optional JSON of the sizes the product comes in (as on create); left out: the sizes stay. */
  sizes: jsonField(SizesSchema, 'Sizes must be JSON of sizes, e.g. ["S","M"]').optional(),
  /** `true` confirms removing sizes that carts or wishlists hold (without it: 409 SIZE_IN_USE). */
  confirmSizeRemoval: z
    .enum(['true', 'false'], { message: 'confirmSizeRemoval must be true or false' })
    .transform((flag) => flag === 'true')
    .optional(),
});

/** The text field of the multipart image upload; images are `mainImage`, `colorImage_{i}`, `colorHoverImage_{i}`. */
export const UploadImagesFieldsSchema = z.object({
  productId: refIdSchema('Product id is required'),
});

export const AddColorBodySchema = z.object({ colorName: ColorNameSchema, colorNameBg: ColorNameBgSchema.default('') });

export const CreateProductResponseSchema = z.object({
  success: z.literal(true),
  product: z.object({ id: z.number() }),
});

export const AddColorResponseSchema = z.object({
  success: z.literal(true),
  color: ColorSchema,
});

/** A colour's pictures (TRADE.md section 5): its own first, then the carousel's others. */
export const MAX_COLOR_IMAGES = 8;

export const ColorImagesParamsSchema = z.object({ id: IdSchema, colorId: IdSchema });

/** The colour's pictures in their new order; one left out is removed; the first becomes the colour's image. */
export const ColorImagesBodySchema = z.object({
  images: z
    .array(text().max(200))
    .min(1, 'A colour keeps at least one image.')
    .max(MAX_COLOR_IMAGES, `A colour has at most ${MAX_COLOR_IMAGES} images.`)
    .refine((urls) => new Set(urls).size === urls.length, 'Each image once.'),
});
export type ColorImagesBody = z.infer<typeof ColorImagesBodySchema>;
