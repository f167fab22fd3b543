import { z } from 'zod';
import { SizeSchema } from './common.js';
import { SIZES, type Size } from './constants.js';

/**
 * Size and fit (TRADE.md section 5; issue 31): a product's style code, a SKU per colour × size,
 * the garment's own measurements per size, its fit and the model's height and size, and
 * "Find my size", which reads them.
 */

export const FIT_TYPES = ['slim', 'regular', 'relaxed', 'oversized'] as const;
export type FitType = (typeof FIT_TYPES)[number];

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
      en: z.string().trim().max(300, 'A fit note has at most 300 characters.'),
      bg: z.string().trim().max(300, 'A fit note has at most 300 characters.'),
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
 * a colour × size left out (or sent with `sku: null`) takes the derived SKU.
 */
export const ProductDetailsBodySchema = z.object({
  styleCode: StyleCodeSchema.nullable().optional(),
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

/* ------------------------------------------------------------------ Find my size */

/**
 * Ease: how much the garment's circumference is larger than the wearer's body, in cm, by fit. A
 * size suits when its ease at each measurement the shopper gave lies within the range; the best is
 * the one nearest the middle (what the fit was cut for). Ranges are at least 6 cm wide, the usual
 * step between two sizes, so a body between the smallest and the largest size always meets one.
 * Chest ranges follow common pattern-cutting ease for tops (slim 4–10, regular 8–16, relaxed
 * 14–24, oversized 22–40); the waist of trousers and dresses sits closer (a waistband holds it).
 * No fit type given: regular.
 */
export const EASE_CM: Record<FitType, { chest: readonly [number, number]; waist: readonly [number, number] }> = {
  slim: { chest: [4, 10], waist: [0, 6] },
  regular: { chest: [8, 16], waist: [2, 8] },
  relaxed: { chest: [14, 24], waist: [4, 12] },
  oversized: { chest: [22, 40], waist: [8, 20] },
};

export const FindMySizeSchema = z
  .object({
    heightCm: z
      .number({ message: 'Give your height in cm.' })
      .min(120, 'Give a height from 120 to 220 cm.')
      .max(220, 'Give a height from 120 to 220 cm.'),
    chestCm: z
      .number({ message: 'Give your chest in cm.' })
      .min(60, 'Give a chest from 60 to 160 cm.')
      .max(160, 'Give a chest from 60 to 160 cm.')
      .optional(),
    waistCm: z
      .number({ message: 'Give your waist in cm.' })
      .min(50, 'Give a waist from 50 to 160 cm.')
      .max(160, 'Give a waist from 50 to 160 cm.')
      .optional(),
  })
  .refine((body) => body.chestCm !== undefined || body.waistCm !== undefined, {
    message: 'Give your chest or your waist.',
    path: ['chestCm'],
  });
export type BodyMeasurements = z.infer<typeof FindMySizeSchema>;

/**
 * Why there is no suggestion: the table does not give the measurement the shopper gave
 * (`no-measurements`), the body is below the smallest size or above the largest, or falls between
 * two sizes' ranges.
 */
export type SizeSuggestion =
  | { size: Size; basis: ('chest' | 'waist')[]; easeCm: Partial<Record<'chest' | 'waist', number>> }
  | { size: null; reason: 'no-measurements' | 'too-small' | 'too-large' | 'between-sizes' };

/**
 * The size to order from the garment's own measurements and the shopper's body, or why the table
 * cannot tell. Pure. Uses every measurement the shopper gave that the table has; ties (two sizes
 * equally near the middle) go to the larger one, or, when the model's height and size are known,
 * to the one nearer the model's size for a shopper within 5 cm of the model's height and the
 * larger for a taller one, the smaller for a shorter one.
 */
export function suggestSize(fit: Fit | null | undefined, body: BodyMeasurements): SizeSuggestion {
  const ease = EASE_CM[fit?.type ?? 'regular'];
  const basis = (['chest', 'waist'] as const).filter((part) => {
    const given = part === 'chest' ? body.chestCm : body.waistCm;
    return given !== undefined && (fit?.measurements ?? []).some((row) => typeof row[`${part}Cm`] === 'number');
  });
  const rows = [...(fit?.measurements ?? [])]
    .filter((row) => basis.length > 0 && basis.every((part) => typeof row[`${part}Cm`] === 'number'))
    .sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size));
  if (rows.length === 0) return { size: null, reason: 'no-measurements' };

  const easeOf = (row: Measurement, part: 'chest' | 'waist') =>
    (row[`${part}Cm`] ?? 0) - ((part === 'chest' ? body.chestCm : body.waistCm) ?? 0);
  const fitting = rows
    .filter((row) => basis.every((part) => easeOf(row, part) >= ease[part][0] && easeOf(row, part) <= ease[part][1]))
    .map((row) => ({
      row,
      distance: basis.reduce((sum, part) => sum + Math.abs(easeOf(row, part) - (ease[part][0] + ease[part][1]) / 2), 0),
    }));
  if (fitting.length === 0) {
    // Even the smallest size is too loose at some measurement, or the largest too tight.
    const smallest = rows[0]!;
    const largest = rows[rows.length - 1]!;
    if (basis.some((part) => easeOf(smallest, part) > ease[part][1])) return { size: null, reason: 'too-small' };
    if (basis.some((part) => easeOf(largest, part) < ease[part][0])) return { size: null, reason: 'too-large' };
    return { size: null, reason: 'between-sizes' };
  }
  const best = Math.min(...fitting.map((candidate) => candidate.distance));
  const tied = fitting.filter((candidate) => candidate.distance - best < 0.5).map((candidate) => candidate.row);
  const chosen = tied.length === 1 ? tied[0]! : breakTie(tied, fit, body.heightCm);
  return {
    size: chosen.size,
    basis: [...basis],
    easeCm: Object.fromEntries(basis.map((part) => [part, easeOf(chosen, part)])),
  };
}

function breakTie(tied: Measurement[], fit: Fit | null | undefined, heightCm: number): Measurement {
  const largest = tied[tied.length - 1]!;
  const smallest = tied[0]!;
  if (!fit?.modelHeightCm || !fit.modelSize) return largest;
  if (heightCm > fit.modelHeightCm + 5) return largest;
  if (heightCm < fit.modelHeightCm - 5) return smallest;
  const model = SIZES.indexOf(fit.modelSize);
  return tied.reduce((near, row) =>
    Math.abs(SIZES.indexOf(row.size) - model) < Math.abs(SIZES.indexOf(near.size) - model) ? row : near,
  );
}
