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

export const ProductListQuerySchema = z.object({
  categoryId: IdSchema.optional(),
  lang: LangSchema,
});
export const LangQuerySchema = z.object({ lang: LangSchema });
