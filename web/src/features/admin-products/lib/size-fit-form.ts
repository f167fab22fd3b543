import {
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
}

/** A field of the panel: `styleCode`, …, or a cell `m.<size>.<column>`. */
export type SizeFitField = string;

const cell = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '');

export function sizeFitDraftOf(product: Pick<Product, 'styleCode' | 'fit' | 'sizes'>): SizeFitDraft {
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
  };
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
  const candidate = {
    styleCode: draft.styleCode.trim() === '' ? null : draft.styleCode,
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
  return { body: null, errors: sizeFitServerErrors(pathsOf(parsed.error.issues), measurements, t) };
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
): Record<SizeFitField, string> {
  const errors: Record<SizeFitField, string> = {};
  for (const key of Object.keys(fields)) {
    const cellMatch = /^fit\.measurements\.(\d+)\.(\w+)$/.exec(key);
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
