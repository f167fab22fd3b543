import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { IdSchema, LangSchema, SizeSchema } from './common.js';

export const TranslationSchema = z.object({
  language: z.enum(LANGUAGES),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
});
export type Translation = z.infer<typeof TranslationSchema>;

export const ColorSchema = z.object({
  id: z.number(),
  colorName: z.string(),
  imageUrl: z.string(),
  hoverImage: z.string(),
});
export type Color = z.infer<typeof ColorSchema>;

export const ProductSizeSchema = z.object({ id: z.number(), size: SizeSchema });

export const ProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  categoryId: z.number(),
  imageUrl: z.string(),
  published: z.boolean(),
  translations: z.array(TranslationSchema),
  colors: z.array(ColorSchema),
  sizes: z.array(ProductSizeSchema),
});
export type Product = z.infer<typeof ProductSchema>;

export const CategorySchema = z.object({ id: z.number(), name: z.string() });
export type Category = z.infer<typeof CategorySchema>;

/** At most this many products in a list read (`?limit=`): a page showing a few asks for a few. */
export const LIST_LIMIT_MAX = 100;

export const ProductListQuerySchema = z.object({
  categoryId: IdSchema.optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, `Must be a whole number from 1 to ${LIST_LIMIT_MAX}.`)
    .transform(Number)
    .pipe(z.number().max(LIST_LIMIT_MAX, `Must be a whole number from 1 to ${LIST_LIMIT_MAX}.`))
    .optional(),
  lang: LangSchema,
});
export const LangQuerySchema = z.object({ lang: LangSchema });
