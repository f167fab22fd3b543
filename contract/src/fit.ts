import { z } from 'zod';
import { ManufacturerBodySchema, SafetyBodySchema } from './product-safety.js';
import { text } from './text.js';
import { SizeSchema } from './common.js';
import { SIZES, type Size } from './constants.js';
import { FIT_TYPES } from './size-suggestion.js';

/**
 * Size and fit (TRADE.md section 5; issue 31): a product's style code, a SKU per colour × size,
 * the garment's own measurements per size, its fit and the model's height and size, and
 * "Find my size" (size-suggestion.ts), which reads them.
 */

const CODE = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
const code = (what: string, max: number) =>
  z
    .string()
    .trim()
    .transform((text) => text.toUpperCase())
    .pipe(
      z
        .string()
        .min(2, `A ${what} has at least 2 characters.`)
        .max(max, `A ${what} has at most ${max} characters.`)
        .regex(CODE, `A ${what} is letters and digits in groups joined by single hyphens, e.g. AN-JKT-014.`),
    );

/** `AN-JKT-014`: upper case, letters and digits in groups joined by hyphens; stored in upper case. */
export const StyleCodeSchema = code('style code', 32);
export const SkuSchema = code('SKU', 64);

const cm = (what: string) =>
  z
    .number({ message: `Give the ${what} in cm.` })
    .positive(`Give the ${what} in cm.`)
    .max(300, `The ${what} is at most 300 cm.`)
    .nullable()
    .optional();

/**
 * The garment's own measurements in one size, in cm, laid flat and doubled: chest, waist and hips
 * are the garment's full circumference (not the wearer's body); lengths are as measured.
 */
export const MeasurementSchema = z.object({
  size: SizeSchema,
  chestCm: cm('chest'),
  waistCm: cm('waist'),
  hipsCm: cm('hips'),
  lengthCm: cm('length'),
  sleeveCm: cm('sleeve'),
  inseamCm: cm('inseam'),
});
export type Measurement = z.infer<typeof MeasurementSchema>;

export const FitSchema = z.object({
  type: z
    .enum(FIT_TYPES, { message: `The fit is ${FIT_TYPES.join(', ')}.` })
    .nullable()
    .optional(),
  note: z
    .object({
      en: text().trim().max(300, 'A fit note has at most 300 characters.'),
      bg: text().trim().max(300, 'A fit note has at most 300 characters.'),
    })
    .optional(),
  modelHeightCm: z
    .number({ message: "Give the model's height in cm." })
    .int("Give the model's height in whole cm.")
    .min(120, "The model's height is 120 to 220 cm.")
    .max(220, "The model's height is 120 to 220 cm.")
    .nullable()
    .optional(),
  modelSize: SizeSchema.nullable().optional(),
  measurements: z
    .array(MeasurementSchema)
    .max(SIZES.length)
    .refine((rows) => new Set(rows.map((row) => row.size)).size === rows.length, 'Give each size once.')
    .optional(),
});
export type Fit = z.infer<typeof FitSchema>;

/** The SKU of one colour × size: set by an admin, or derived (`deriveSku`). */
export const VariantSchema = z.object({ colorId: z.number(), size: SizeSchema, sku: z.string() });
export type Variant = z.infer<typeof VariantSchema>;

/**
 * `PUT /api/admin/products/{id}/details`: each field sent replaces what was; a field left out is
 * kept. `styleCode: null` clears it. `variants` lists the SKUs set by hand: it replaces them, and
 * a colour × size left out (or sent with `sku: null`) takes the derived SKU. `safety` and
 * `manufacturer` are the product-safety details (product-safety.ts).
 */
export const ProductDetailsBodySchema = z.object({
  styleCode: StyleCodeSchema.nullable().optional(),
  /** Warnings and safety information in both languages (product-safety.ts); null or both '' clears them. */
  safety: SafetyBodySchema.nullable().optional(),
  /** Who made it, when not the seller; null: the seller (the shop's settings). */
  manufacturer: ManufacturerBodySchema.nullable().optional(),
  /** No voluntary return (the legal withdrawal still applies; YEAR.md section 2). */
  finalSale: z.boolean().optional(),
  /** Sealed for hygiene (underwear, swimwear): the withdrawal does not apply once the seal is broken. */
  hygieneSealed: z.boolean().optional(),
  fit: FitSchema.nullable().optional(),
  variants: z
    .array(z.object({ colorId: z.number().int().positive(), size: SizeSchema, sku: SkuSchema.nullable() }))
    .max(500)
    .refine(
      (rows) => new Set(rows.map((row) => `${row.colorId}:${row.size}`)).size === rows.length,
      'Give each colour and size once.',
    )
    .optional(),
});
export type ProductDetailsBody = z.infer<typeof ProductDetailsBodySchema>;

/** A colour's part of a derived SKU: its English name in upper case, letters and digits only (`Slate Blue` → `SLATEBLUE`). */
export function colorCode(colorName: string, colorId: number): string {
  const letters = colorName
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return letters || `C${colorId}`;
}

/** `<styleCode>-<colour>-<size>`, e.g. `AN-JKT-014-ONYX-M`. */
export function deriveSku(styleCode: string, colorName: string, colorId: number, size: Size): string {
  return `${styleCode}-${colorCode(colorName, colorId)}-${size}`;
}

/**
 * Every colour × size's SKU: the one set by hand, else the derived one; none without either (a
 * product with no style code and no SKU set has no variants listed).
 */
export function productVariants(
  styleCode: string | null,
  colors: readonly { id: number; colorName: string }[],
  sizes: readonly Size[],
  set: readonly Variant[],
): Variant[] {
  const chosen = new Map(set.map((variant) => [`${variant.colorId}:${variant.size}`, variant.sku]));
  const variants: Variant[] = [];
  for (const color of colors) {
    for (const size of sizes) {
      const sku =
        chosen.get(`${color.id}:${size}`) ?? (styleCode ? deriveSku(styleCode, color.colorName, color.id, size) : null);
      if (sku) variants.push({ colorId: color.id, size, sku });
    }
  }
  return variants;
}
