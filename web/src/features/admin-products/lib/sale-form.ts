import type { TFunction } from 'i18next';
import { SaleBodySchema, type ScheduledSale } from '@shop/contract';
import type { FieldErrors } from '../../../lib/use-form-problems';
import type { SaleRequest } from '../api/sale';

export const SALE_FIELDS = ['price', 'startsAt', 'endsAt'] as const;
export type SaleField = (typeof SALE_FIELDS)[number];

/** The sale panel's inputs as they hold them: the price as typed, times as `datetime-local` values. */
export type SaleDraft = Record<SaleField, string>;

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/**
 * A `datetime-local` value ("2026-12-01T09:00"), read in the browser's own time zone, as an ISO
 * instant with that zone's offset ("2026-12-01T09:00:00+02:00"); '' or unreadable: undefined.
 */
export function localInputToIso(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  if (Number.isNaN(date.getTime())) return undefined;
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** An instant as a `datetime-local` value in the browser's own time zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The panel starts from the sale set, if any: its price and end, and its start while it is still
 * ahead (a start in the past would only start it again now).
 */
export function saleDraftOf(sale: ScheduledSale | null | undefined, now = Date.now()): SaleDraft {
  if (!sale) return { price: '', startsAt: '', endsAt: '' };
  return {
    price: sale.price.toFixed(2),
    startsAt: Date.parse(sale.startsAt) > now ? isoToLocalInput(sale.startsAt) : '',
    endsAt: sale.endsAt ? isoToLocalInput(sale.endsAt) : '',
  };
}

/**
 * Checks the draft with the contract's schema, the one the server uses (a decimal comma read as a
 * point); a time typed but unreadable is the field's problem, not left out.
 */
export function parseSale(
  draft: SaleDraft,
  regularPrice: number,
  t: TFunction,
  money: (amount: number) => string,
): { body: SaleRequest | null; errors: FieldErrors } {
  const startsAt = localInputToIso(draft.startsAt);
  const endsAt = localInputToIso(draft.endsAt);
  const errors: FieldErrors = {};
  if (draft.startsAt && !startsAt) errors.startsAt = t('admin.sale.errors.startsAt');
  if (draft.endsAt && !endsAt) errors.endsAt = t('admin.sale.errors.endsAt');
  const parsed = SaleBodySchema.safeParse({
    price: draft.price.trim().replace(',', '.'),
    ...(startsAt ? { startsAt } : {}),
    ...(endsAt ? { endsAt } : {}),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if ((SALE_FIELDS as readonly string[]).includes(field)) errors[field] ??= t(`admin.sale.errors.${field}`);
    }
  }
  if (parsed.success && parsed.data.price >= regularPrice) {
    errors.price = t('admin.sale.errors.priceNotLower', { price: money(regularPrice) });
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { body: null, errors };
  return {
    body: { price: parsed.data.price, ...(startsAt ? { startsAt } : {}), ...(endsAt ? { endsAt } : {}) },
    errors: {},
  };
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
