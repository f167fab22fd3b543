import type { TFunction } from 'i18next';
import { DiscountCodeBodySchema, type DiscountCode, type DiscountCodeBody, type DiscountKind } from '@shop/contract';
import { isoToLocalInput, localInputToIso } from '../../../lib/local-datetime';
import type { FieldErrors } from '../../../lib/use-form-problems';

export const CODE_FIELDS = [
  'code',
  'kind',
  'value',
  'minSubtotal',
  'startsAt',
  'endsAt',
  'maxUses',
  'maxUsesPerCustomer',
  'includeSaleItems',
  'active',
] as const;
export type CodeField = (typeof CODE_FIELDS)[number];

/** The form's inputs as they hold them: numbers as typed, times as `datetime-local` values. */
export interface CodeDraft {
  code: string;
  kind: DiscountKind;
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  includeSaleItems: boolean;
  active: boolean;
}

export const EMPTY_DRAFT: CodeDraft = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '1',
  includeSaleItems: false,
  active: true,
};

/** A code as the form starts editing it. */
export function draftOf(code: DiscountCode): CodeDraft {
  return {
    code: code.code,
    kind: code.kind,
    value:
      code.value === null || code.kind === 'free-delivery'
        ? ''
        : code.kind === 'amount'
          ? code.value.toFixed(2)
          : String(code.value),
    minSubtotal: code.minSubtotal === null ? '' : code.minSubtotal.toFixed(2),
    startsAt: code.startsAt ? isoToLocalInput(code.startsAt) : '',
    endsAt: code.endsAt ? isoToLocalInput(code.endsAt) : '',
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    maxUsesPerCustomer: String(code.maxUsesPerCustomer),
    includeSaleItems: code.includeSaleItems,
    active: code.active,
  };
}

/** What the API takes for a code, from what the form holds (a decimal comma read as a point). */
function bodyOf(draft: CodeDraft): Record<string, unknown> {
  const number = (text: string) => {
    const trimmed = text.trim().replace(',', '.');
    return trimmed === '' ? null : Number(trimmed);
  };
  const value = number(draft.value);
  return {
    code: draft.code.trim(),
    kind: draft.kind,
    ...(draft.kind === 'free-delivery' ? {} : { value: value ?? undefined }),
    minSubtotal: draft.minSubtotal.trim() === '' ? null : draft.minSubtotal.trim().replace(',', '.'),
    startsAt: draft.startsAt ? (localInputToIso(draft.startsAt) ?? 'invalid') : null,
    endsAt: draft.endsAt ? (localInputToIso(draft.endsAt) ?? 'invalid') : null,
    maxUses: number(draft.maxUses),
    maxUsesPerCustomer: number(draft.maxUsesPerCustomer) ?? undefined,
    includeSaleItems: draft.includeSaleItems,
    active: draft.active,
  };
}

/** The form's words for a field's problem (the value's depend on the kind). */
export function fieldMessage(field: string, kind: DiscountKind, t: TFunction): string | null {
  if (field === 'value') return t(kind === 'amount' ? 'adminDiscounts.errors.amount' : 'adminDiscounts.errors.percent');
  return (CODE_FIELDS as readonly string[]).includes(field) ? t(`adminDiscounts.errors.${field}`) : null;
}

/**
 * Checks the draft with the contract's schema, the one the server uses; the body to send
 * (times as ISO instants with the browser's offset), or each field's problem.
 */
export function parseCode(draft: CodeDraft, t: TFunction): { body: DiscountCodeBody | null; errors: FieldErrors } {
  const candidate = bodyOf(draft);
  const parsed = DiscountCodeBodySchema.safeParse(candidate);
  if (parsed.success) {
    const { minSubtotal } = parsed.data;
    return { body: { ...(candidate as DiscountCodeBody), minSubtotal: minSubtotal ?? null }, errors: {} };
  }
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= fieldMessage(field, draft.kind, t) ?? issue.message;
  }
  return { body: null, errors };
}

/** A 400's per-field messages in the form's words (the server's text for a field it does not know). */
export function serverFieldErrors(fields: Record<string, string>, kind: DiscountKind, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, text] of Object.entries(fields)) errors[field] = fieldMessage(field, kind, t) ?? text;
  return errors;
}
