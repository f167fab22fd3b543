import type { TFunction } from 'i18next';
import { ProductDetailsSchema, type Product, type ProductDetails } from '@shop/contract';
import type { FieldErrors } from '../../../lib/use-form-problems';

/** The texts, price and category as the inputs hold them (strings), before parsing. */
export interface DetailsDraft {
  enName: string;
  enDescription: string;
  bgName: string;
  bgDescription: string;
  /** What it is made of and how to care for it, per language (optional: '' says nothing). */
  enComposition: string;
  enCare: string;
  bgComposition: string;
  bgCare: string;
  price: string;
  categoryId: string;
}

export const DETAIL_FIELDS = [
  'enName',
  'enDescription',
  'bgName',
  'bgDescription',
  'enComposition',
  'enCare',
  'bgComposition',
  'bgCare',
  'price',
  'categoryId',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

/** Field name → the message to show under it (the admin forms' one shape). */
export type { FieldErrors };

export const EMPTY_DETAILS: DetailsDraft = {
  enName: '',
  enDescription: '',
  bgName: '',
  bgDescription: '',
  enComposition: '',
  enCare: '',
  bgComposition: '',
  bgCare: '',
  price: '',
  categoryId: '',
};

/** The edit form starts from the product as it is, in both languages. */
export function draftOf(product: Product): DetailsDraft {
  const text = (language: string) => product.translations.find((tr) => tr.language === language);
  return {
    enName: text('en')?.name ?? product.name,
    enDescription: text('en')?.description ?? product.description,
    bgName: text('bg')?.name ?? '',
    bgDescription: text('bg')?.description ?? '',
    enComposition: text('en')?.composition ?? '',
    enCare: text('en')?.care ?? '',
    bgComposition: text('bg')?.composition ?? '',
    bgCare: text('bg')?.care ?? '',
    // The regular price: during a sale `price` is the sale's, which the Sale panel sets apart.
    price: product.regularPrice.toFixed(2),
    categoryId: String(product.categoryId),
  };
}

/**
 * Checks the details with the contract's schema, the one the server uses. A decimal comma
 * (how Bulgarian writes 12,50) is read as a point.
 */
export function parseDetails(
  draft: DetailsDraft,
  t: TFunction,
): { details: ProductDetails | null; errors: FieldErrors } {
  const parsed = ProductDetailsSchema.safeParse({ ...draft, price: draft.price.replace(',', '.') });
  if (parsed.success) return { details: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if ((DETAIL_FIELDS as readonly string[]).includes(field)) errors[field] ??= t(`admin.form.errors.${field}`);
  }
  return { details: null, errors };
}

/**
 * A 400's per-field messages for the form: the details get their translated message; other
 * fields (colours, images) keep the server's words under the name `rename` gives them.
 */
export function serverErrors(
  fields: Record<string, string>,
  t: TFunction,
  rename: (field: string) => string = (f) => f,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, text] of Object.entries(fields)) {
    if ((DETAIL_FIELDS as readonly string[]).includes(field)) errors[field] = t(`admin.form.errors.${field}`);
    else errors[rename(field)] = text;
  }
  return errors;
}
