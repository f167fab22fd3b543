import {
  deriveSku,
  FIT_TYPES,
  ProductDetailsBodySchema,
  SIZES,
  type FitType,
  type Measurement,
  type Product,
  type ProductDetailsBody,
  type Size,
} from '@shop/contract';
import type { TFunction } from 'i18next';

export const MEASURE_COLUMNS = ['chestCm', 'waistCm', 'hipsCm', 'lengthCm', 'sleeveCm', 'inseamCm'] as const;
export type MeasureColumn = (typeof MEASURE_COLUMNS)[number];

/** The panel's inputs as typed: text, turned into the details body on save. */
export interface SizeFitDraft {
  styleCode: string;
  type: FitType | '';
  noteEn: string;
  noteBg: string;
  modelHeightCm: string;
  modelSize: Size | '';
  /** Per size of the product, per column: the text in the cell. */
  measurements: Record<string, Record<MeasureColumn, string>>;
  /** SKUs set by hand by `<colorId>:<size>` ('' takes the derived one). */
  skus: Record<string, string>;
}

export const skuKey = (colorId: number, size: string) => `${colorId}:${size}`;

/** A field of the panel: `styleCode`, …, or a cell `m.<size>.<column>`. */
export type SizeFitField = string;

const cell = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '');

export function sizeFitDraftOf(
  product: Pick<Product, 'styleCode' | 'fit' | 'sizes' | 'colors' | 'variants'>,
): SizeFitDraft {
  const fit = product.fit ?? null;
  const rows = new Map((fit?.measurements ?? []).map((row) => [row.size, row]));
  return {
    styleCode: product.styleCode ?? '',
    type: fit?.type ?? '',
    noteEn: fit?.note?.en ?? '',
    noteBg: fit?.note?.bg ?? '',
    modelHeightCm: cell(fit?.modelHeightCm),
    modelSize: fit?.modelSize ?? '',
    measurements: Object.fromEntries(
      product.sizes.map(({ size }) => {
        const row = rows.get(size);
        return [size, Object.fromEntries(MEASURE_COLUMNS.map((column) => [column, cell(row?.[column])]))];
      }),
    ) as SizeFitDraft['measurements'],
    skus: Object.fromEntries(
      (product.variants ?? []).flatMap(({ colorId, size, sku }) => {
        const color = product.colors.find((candidate) => candidate.id === colorId);
        const derived =
          product.styleCode && color ? deriveSku(product.styleCode, color.colorName, colorId, size) : null;
        return sku === derived ? [] : [[skuKey(colorId, size), sku]];
      }),
    ),
  };
}

/** The SKU a colour × size takes without one set, from the style code as typed ('' without one). */
export function derivedSkuOf(styleCode: string, color: { id: number; colorName: string }, size: Size): string {
  const code = styleCode.trim().toUpperCase();
  return code ? deriveSku(code, color.colorName, color.id, size) : '';
}

const number = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

/** The body to send, or the problems by field (translated), checked by the contract's own schema. */
export function parseSizeFit(
  draft: SizeFitDraft,
  t: TFunction,
): { body: ProductDetailsBody | null; errors: Record<SizeFitField, string> } {
  const sizes = Object.keys(draft.measurements).sort(
    (a, b) => SIZES.indexOf(a as Size) - SIZES.indexOf(b as Size),
  ) as Size[];
  const measurements: Measurement[] = sizes
    .map((size) => {
      const row: Measurement = { size };
      for (const column of MEASURE_COLUMNS) {
        const value = number(draft.measurements[size]?.[column] ?? '');
        if (value !== null) row[column] = value;
      }
      return row;
    })
    .filter((row) => Object.keys(row).length > 1);
  const variants = Object.entries(draft.skus)
    .filter(([, sku]) => sku.trim() !== '')
    .map(([key, sku]) => {
      const [colorId, size] = key.split(':');
      return { colorId: Number(colorId), size: size as Size, sku };
    });
  const candidate = {
    styleCode: draft.styleCode.trim() === '' ? null : draft.styleCode,
    variants,
    fit: {
      type: draft.type === '' ? null : draft.type,
      note: { en: draft.noteEn, bg: draft.noteBg },
      modelHeightCm: number(draft.modelHeightCm),
      modelSize: draft.modelSize === '' ? null : draft.modelSize,
      measurements,
    },
  };
  const parsed = ProductDetailsBodySchema.safeParse(candidate);
  if (parsed.success) return { body: parsed.data, errors: {} };
  return {
    body: null,
    errors: sizeFitServerErrors(pathsOf(parsed.error.issues), measurements, t, undefined, variants),
  };
}

function pathsOf(issues: readonly { path: readonly PropertyKey[] }[]): Record<string, string> {
  return Object.fromEntries(issues.map((issue) => [issue.path.map(String).join('.'), '']));
}

/**
 * The API's (or the schema's) field keys as the panel's fields, each with a message in the page's
 * language: `fit.measurements.2.chestCm` is the cell of the third row sent.
 */
export function sizeFitServerErrors(
  fields: Record<string, string>,
  measurements: readonly Measurement[],
  t: TFunction,
  status?: number,
  variants: readonly { colorId: number; size: string }[] = [],
): Record<SizeFitField, string> {
  const errors: Record<SizeFitField, string> = {};
  for (const key of Object.keys(fields)) {
    const cellMatch = /^fit\.measurements\.(\d+)\.(\w+)$/.exec(key);
    const skuMatch = /^variants\.(\d+)\.(sku|colorId|size)$/.exec(key);
    const variant = skuMatch ? variants[Number(skuMatch[1])] : undefined;
    if (variant) {
      errors[`sku.${skuKey(variant.colorId, variant.size)}`] = t(
        status === 409 ? 'admin.sizeFit.errors.skuTaken' : 'admin.sizeFit.errors.sku',
      );
      continue;
    }
    if (key === 'styleCode') {
      errors.styleCode = t(status === 409 ? 'admin.sizeFit.errors.styleCodeTaken' : 'admin.sizeFit.errors.styleCode');
    } else if (key === 'fit.modelHeightCm') errors.modelHeightCm = t('admin.sizeFit.errors.modelHeight');
    else if (key === 'fit.modelSize') errors.modelSize = t('admin.sizeFit.errors.modelSize');
    else if (key.startsWith('fit.note'))
      errors[key.endsWith('bg') ? 'noteBg' : 'noteEn'] = t('admin.sizeFit.errors.note');
    else if (cellMatch) {
      const row = measurements[Number(cellMatch[1])];
      if (row)
        errors[`m.${row.size}.${MEASURE_COLUMNS.includes(cellMatch[2] as MeasureColumn) ? cellMatch[2] : 'chestCm'}`] =
          t('admin.sizeFit.errors.cm');
    } else errors.styleCode ??= t('admin.sizeFit.errors.other');
  }
  return errors;
}

export { FIT_TYPES };
