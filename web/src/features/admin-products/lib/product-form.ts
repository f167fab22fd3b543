import type { TFunction } from 'i18next';
import { ProductDetailsSchema, type Product, type ProductDetailsInput } from '@shop/contract';
import { moneyInputError, moneyInputText, parseMoneyInput } from '../../../components/field/money-input';
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

/** The edit form starts from the product as it is, in both languages (the price as `lang` writes it). */
export function draftOf(product: Product, lang: string): DetailsDraft {
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
    price: moneyInputText(product.regularPrice, lang),
    categoryId: String(product.categoryId),
  };
}

/**
 * Checks the details with the contract's schema, the one the server uses; the price as the money
 * field reads it in `lang` (12,50 in Bulgarian). The details to send carry the price as the API
 * takes it (12.5).
 */
export function parseDetails(
  draft: DetailsDraft,
  lang: string,
  t: TFunction,
): { details: ProductDetailsInput | null; errors: FieldErrors } {
  const price = parseMoneyInput(draft.price, lang);
  const parsed = ProductDetailsSchema.safeParse({ ...draft, price: 'amount' in price ? price.amount : draft.price });
  const errors: FieldErrors = {};
  // A price too precise or too large says so; anything else wrong with it is the spec's message.
  if ('problem' in price && price.problem !== 'format') errors.price = moneyInputError(price.problem, t);
  // The parsed texts and category, and the price as the API's JSON carries it (the parse gives cents).
  if (parsed.success && 'amount' in price) return { details: { ...parsed.data, price: price.amount }, errors };
  for (const issue of parsed.error?.issues ?? []) {
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
