import type { TFunction } from 'i18next';
import { SaleBodySchema, type ScheduledSale } from '@shop/contract';
import type { FieldErrors } from '../../../lib/use-form-problems';
import { moneyInputError, moneyInputText, parseMoneyInput } from '../../../components/field/money-input';
import { isoToLocalInput, localInputToIso } from '../../../lib/local-datetime';
import type { SaleRequest } from '../api/sale';

export const SALE_FIELDS = ['price', 'startsAt', 'endsAt'] as const;
export type SaleField = (typeof SALE_FIELDS)[number];

/** The sale panel's inputs as they hold them: the price as typed, times as `datetime-local` values. */
export type SaleDraft = Record<SaleField, string>;

/**
 * The panel starts from the sale set, if any: its price (as `lang` writes it) and end, and its
 * start while it is still ahead (a start in the past would only start it again now).
 */
export function saleDraftOf(sale: ScheduledSale | null | undefined, lang: string, now = Date.now()): SaleDraft {
  if (!sale) return { price: '', startsAt: '', endsAt: '' };
  return {
    price: moneyInputText(sale.price, lang),
    startsAt: Date.parse(sale.startsAt) > now ? isoToLocalInput(sale.startsAt) : '',
    endsAt: sale.endsAt ? isoToLocalInput(sale.endsAt) : '',
  };
}

/**
 * Checks the draft with the contract's schema, the one the server uses (the price as the money
 * field reads it in `lang`); a time typed but unreadable is the field's problem, not left out.
 */
export function parseSale(
  draft: SaleDraft,
  regularPrice: number,
  lang: string,
  t: TFunction,
  money: (amount: number) => string,
): { body: SaleRequest | null; errors: FieldErrors } {
  const startsAt = localInputToIso(draft.startsAt);
  const endsAt = localInputToIso(draft.endsAt);
  const errors: FieldErrors = {};
  if (draft.startsAt && !startsAt) errors.startsAt = t('admin.sale.errors.startsAt');
  if (draft.endsAt && !endsAt) errors.endsAt = t('admin.sale.errors.endsAt');
  const read = parseMoneyInput(draft.price, lang);
  if ('problem' in read && read.problem !== 'format') errors.price = moneyInputError(read.problem, t);
  const price = 'amount' in read ? read.amount : draft.price;
  const body = { price, ...(startsAt ? { startsAt } : {}), ...(endsAt ? { endsAt } : {}) };
  const parsed = SaleBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if ((SALE_FIELDS as readonly string[]).includes(field)) errors[field] ??= t(`admin.sale.errors.${field}`);
    }
  }
  if (typeof price === 'number' && price >= regularPrice) {
    errors.price ??= t('admin.sale.errors.priceNotLower', { price: money(regularPrice) });
  }
  if (!parsed.success || typeof price !== 'number' || Object.keys(errors).length > 0) return { body: null, errors };
  return { body: { ...body, price }, errors: {} };
}

/**
 * A 400's per-field messages in the panel's words: a price the checks above let through was
 * refused for not being below the regular price (changed meanwhile); the server's words otherwise.
 */
export function saleServerErrors(
  fields: Record<string, string>,
  regularPrice: number,
  t: TFunction,
  money: (amount: number) => string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, text] of Object.entries(fields)) {
    errors[field] =
      field === 'price'
        ? t('admin.sale.errors.priceNotLower', { price: money(regularPrice) })
        : (SALE_FIELDS as readonly string[]).includes(field)
          ? t(`admin.sale.errors.${field}`)
          : text;
  }
  return errors;
}
