import type { TFunction } from 'i18next';
import { UpdateRecordsBodySchema, type RecordsSettings, type UpdateRecordsBody } from '@shop/contract';

/** The text inputs of the records section, by the API's field name under `records.`. */
export const RECORDS_FIELDS = [
  'eShopNumber',
  'domain',
  'paymentProviderId',
  'vatRate',
  'firstDocumentNumber',
  'firstInvoiceNumber',
] as const;
export type RecordsField = (typeof RECORDS_FIELDS)[number] | 'eShopType' | 'codSettlement';

export type RecordsDraft = Record<(typeof RECORDS_FIELDS)[number], string> & {
  eShopType: '1' | '2';
  codSettlement: RecordsSettings['codSettlement'];
};

export const draftOf = (records: RecordsSettings): RecordsDraft => ({
  eShopNumber: records.eShopNumber,
  domain: records.domain,
  paymentProviderId: records.paymentProviderId,
  vatRate: String(records.vatRate),
  firstDocumentNumber: String(records.firstDocumentNumber),
  firstInvoiceNumber: String(records.firstInvoiceNumber),
  eShopType: records.eShopType === 2 ? '2' : '1',
  codSettlement: records.codSettlement,
});

/** A whole number as typed; anything else stays text for the schema to refuse. */
const whole = (text: string) => (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : text);

/** The field a path of the schema or the server names (`records.domain` or `domain`), if it is one of ours. */
export function recordsField(path: string): RecordsField | null {
  const name = path.replace(/^records\./, '');
  return ([...RECORDS_FIELDS, 'eShopType', 'codSettlement'] as string[]).includes(name) ? (name as RecordsField) : null;
}

/** The section's message for each refused field (translated; the contract's wording in English). */
export function recordsErrors(paths: readonly string[], t: TFunction): Partial<Record<RecordsField, string>> {
  const errors: Partial<Record<RecordsField, string>> = {};
  for (const path of paths) {
    const field = recordsField(path);
    if (field) errors[field] ??= t(`records.errors.${field}`);
  }
  return errors;
}

/** Checks the section with the contract's schema, the one the server uses. */
export function parseRecords(
  draft: RecordsDraft,
  t: TFunction,
): { body: UpdateRecordsBody | null; errors: Partial<Record<RecordsField, string>> } {
  const parsed = UpdateRecordsBodySchema.safeParse({
    eShopNumber: draft.eShopNumber,
    domain: draft.domain,
    paymentProviderId: draft.paymentProviderId,
    vatRate: whole(draft.vatRate),
    firstDocumentNumber: whole(draft.firstDocumentNumber),
    firstInvoiceNumber: whole(draft.firstInvoiceNumber),
    eShopType: Number(draft.eShopType),
    codSettlement: draft.codSettlement,
  });
  if (parsed.success) return { body: parsed.data, errors: {} };
  return {
    body: null,
    errors: recordsErrors(
      parsed.error.issues.map((issue) => issue.path.join('.')),
      t,
    ),
  };
}
