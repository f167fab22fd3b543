import type { TFunction } from 'i18next';
import { DiscountCodeBodySchema, type DiscountCode, type DiscountCodeBody, type DiscountKind } from '@shop/contract';
import { moneyInputError, moneyInputText, parseMoneyInput } from '../../../components/field/money-input';
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

/** A code as the form starts editing it (amounts as `lang` writes them). */
export function draftOf(code: DiscountCode, lang: string): CodeDraft {
  return {
    code: code.code,
    kind: code.kind,
    value:
      code.kind === 'free-delivery'
        ? ''
        : code.kind === 'amount'
          ? moneyInputText(code.value, lang)
          : String(code.value),
    minSubtotal: code.minSubtotal === null ? '' : moneyInputText(code.minSubtotal, lang),
    startsAt: code.startsAt ? isoToLocalInput(code.startsAt) : '',
    endsAt: code.endsAt ? isoToLocalInput(code.endsAt) : '',
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    maxUsesPerCustomer: String(code.maxUsesPerCustomer),
    includeSaleItems: code.includeSaleItems,
    active: code.active,
  };
}

/** A typed amount as the API takes it (12.5), or what was typed when it is none (the schema refuses it). */
const amountOf = (text: string, lang: string) => {
  const read = parseMoneyInput(text, lang);
  return 'amount' in read ? read.amount : 'empty' in read ? null : text;
};

/** What the API takes for a code, from what the form holds (amounts read as `lang` writes them). */
function bodyOf(draft: CodeDraft, lang: string): Record<string, unknown> {
  const number = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  const value = draft.kind === 'amount' ? amountOf(draft.value, lang) : number(draft.value);
  return {
    code: draft.code.trim(),
    kind: draft.kind,
    ...(draft.kind === 'free-delivery' ? {} : { value: value ?? undefined }),
    minSubtotal: amountOf(draft.minSubtotal, lang),
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
export function parseCode(
  draft: CodeDraft,
  lang: string,
  t: TFunction,
): { body: DiscountCodeBody | null; errors: FieldErrors } {
  const candidate = bodyOf(draft, lang);
  const parsed = DiscountCodeBodySchema.safeParse(candidate);
  const errors: FieldErrors = {};
  // An amount too precise or too large says so, in the money field's words.
  for (const field of ['value', 'minSubtotal'] as const) {
    if (field === 'value' && draft.kind !== 'amount') continue;
    const read = parseMoneyInput(draft[field], lang);
    if ('problem' in read && read.problem !== 'format') errors[field] = moneyInputError(read.problem, t);
  }
  if (parsed.success && Object.keys(errors).length === 0) return { body: candidate as DiscountCodeBody, errors };
  for (const issue of parsed.error?.issues ?? []) {
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
