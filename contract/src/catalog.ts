import { z } from 'zod';
import { text } from './text.js';
import { LANGUAGES, PRODUCT_SORTS, SEARCH_MAX_LENGTH, SIZES } from './constants.js';
import { IdSchema, LangSchema, SizeSchema } from './common.js';
import { ProductRatingSchema } from './reviews.js';
import { FitSchema, VariantSchema } from './fit.js';
import { ManufacturerSchema, SafetySchema } from './product-safety.js';
import { Money } from './money-codec.js';

export const TranslationSchema = z.object({
  language: z.enum(LANGUAGES),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  /** What it is made of, and how to care for it ('' when the owner has not said). */
  composition: z.string().optional(),
  care: z.string().optional(),
});
export type Translation = z.infer<typeof TranslationSchema>;

export const ColorSchema = z.object({
  id: z.number(),
  /** The English name, and the name in every language (`colorNameIn`). */
  colorName: z.string(),
  /** The Bulgarian name; '' when it has none (then the English name is shown). */
  colorNameBg: z.string(),
  imageUrl: z.string(),
  hoverImage: z.string(),
  /**
   * Every picture of the colour in order, at most MAX_COLOR_IMAGES: the first is `imageUrl`
   * (none while it has no picture). Product answers always carry it.
   */
  images: z.array(z.string()).optional(),
});
export type Color = z.infer<typeof ColorSchema>;

export const ProductSizeSchema = z.object({ id: z.number(), size: SizeSchema });

/** What is left of one colour and size; admins also see what is on hand and what checkouts hold. */
export const StockEntrySchema = z.object({
  colorId: z.number(),
  size: SizeSchema,
  available: z.number(),
  onHand: z.number().optional(),
  reserved: z.number().optional(),
});
export type StockEntry = z.infer<typeof StockEntrySchema>;

/**
 * A sale in force (TRADE.md section 4): `priorPrice` is the lowest price of the 30 days before it
 * began, `percentOff` the reduction from it, whole and rounded half up (0: not lower, announce no
 * reduction); `endsAt` null when it runs until ended.
 */
export const SaleSchema = z.object({ priorPrice: Money, percentOff: z.number(), endsAt: z.string().nullable() });
export type Sale = z.infer<typeof SaleSchema>;

/** The sale an admin set that has not ended, started or not yet (admins only). */
export const ScheduledSaleSchema = z.object({ price: Money, startsAt: z.string(), endsAt: z.string().nullable() });
export type ScheduledSale = z.infer<typeof ScheduledSaleSchema>;

export const ProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** What a shopper pays now: the sale price during a sale, else the regular price. */
  price: Money,
  regularPrice: Money,
  sale: SaleSchema.nullable(),
  /** Admins only. */
  scheduledSale: ScheduledSaleSchema.nullable().optional(),
  categoryId: z.number(),
  imageUrl: z.string(),
  published: z.boolean(),
  translations: z.array(TranslationSchema),
  colors: z.array(ColorSchema),
  sizes: z.array(ProductSizeSchema),
  /** Whether stock is counted; untracked products are unlimited and `stock` is empty. */
  stockTracked: z.boolean(),
  /** One entry per colour × size of a tracked product. */
  stock: z.array(StockEntrySchema),
  /** The published reviews' average and count (reviews.ts); null while there is none. */
  rating: ProductRatingSchema.nullable().optional(),
  /** Size and fit (issue 31; contract/src/fit.ts): always sent by the API. */
  styleCode: z.string().nullable().optional(),
  variants: z.array(VariantSchema).optional(),
  fit: FitSchema.nullable().optional(),
  /** Warnings and safety information per language (product-safety.ts); null while there is none. */
  safety: SafetySchema.nullable().optional(),
  /** The manufacturer when not the seller; null: the seller (the shop's settings) is the manufacturer. */
  manufacturer: ManufacturerSchema.nullable().optional(),
  /** No voluntary return, only the legal withdrawal (YEAR.md section 2): always sent by the API. */
  finalSale: z.boolean().optional(),
  /** Sealed for hygiene: no withdrawal once the seal is broken. Always sent by the API. */
  hygieneSealed: z.boolean().optional(),
});
export type Product = z.infer<typeof ProductSchema>;
/** A list of products: the catalogue's reads, a search, the admin's list. */
export const ProductListSchema = z.array(ProductSchema);

export const CategorySchema = z.object({ id: z.number(), name: z.string() });
export type Category = z.infer<typeof CategorySchema>;

/** At most this many products in a list read (`?limit=`): a page showing a few asks for a few. */
export const LIST_LIMIT_MAX = 100;

export const ProductListQuerySchema = z.object({
  categoryId: IdSchema.optional(),
  /** Words in the name or description, in either language; case and accents do not matter. */
  q: text()
    .trim()
    .min(1, 'Type what you are looking for.')
    .max(SEARCH_MAX_LENGTH, `A search has at most ${SEARCH_MAX_LENGTH} characters.`)
    .optional(),
  sort: z.enum(PRODUCT_SORTS, { message: `Sort by ${PRODUCT_SORTS.join(', ')}.` }).optional(),
  /** Sizes in stock, comma-separated (`size=M,L`): products with any of them. */
  size: text()
    .max(40)
    .transform((value) => [...new Set(value.split(','))])
    .pipe(z.array(z.enum(SIZES, { message: `Sizes are ${SIZES.join(', ')}.` })).min(1))
    .optional(),
  /** A colour by its name in either language, any case (`color=Black`): with `size`, that colour in stock in that size. */
  color: text().trim().min(1, 'Name a colour.').max(60, 'A colour name has at most 60 characters.').optional(),
  /** Only products whose sale is in force (`onSale=true`). */
  onSale: z.literal('true', { message: 'onSale is true or left out.' }).optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, `Must be a whole number from 1 to ${LIST_LIMIT_MAX}.`)
    .transform(Number)
    .pipe(z.number().max(LIST_LIMIT_MAX, `Must be a whole number from 1 to ${LIST_LIMIT_MAX}.`))
    .optional(),
  lang: LangSchema,
});
export const LangQuerySchema = z.object({ lang: LangSchema });
