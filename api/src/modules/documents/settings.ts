import { type RecordsSettings, type UpdateRecordsBodySchema } from '@shop/contract';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { documentCounters, recordsSettings, shopSettings } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { SERIES } from './numbering.js';
import type { DocumentSeller } from './pdf.js';

export type RecordsRow = typeof recordsSettings.$inferSelect;

/** The records settings' row, made with its defaults the first time it is read. */
export async function recordsRow(db: Db | Tx): Promise<RecordsRow> {
  const [row] = await db.select().from(recordsSettings).where(eq(recordsSettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(recordsSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await recordsRow(db));
}

/**
 * The shop's VAT rate, whole percent: the one source that checkout totals, the orders CSV and
 * every document read (YEAR.md section 1; a shop not registered for VAT sets 0 and has 0 everywhere).
 */
export const shopVatRate = async (db: Db | Tx): Promise<number> => (await recordsRow(db)).vatRate;

export const toRecords = (row: RecordsRow): RecordsSettings => ({
  eShopNumber: row.eShopNumber,
  eShopType: row.eShopType === 2 ? 2 : 1,
  domain: row.domain,
  paymentProviderId: row.paymentProviderId,
  vatRate: row.vatRate,
  codSettlement: row.codSettlement,
  firstDocumentNumber: row.firstDocumentNumber,
  firstInvoiceNumber: row.firstInvoiceNumber,
});

export async function getRecordsSettings(db: Db | Tx): Promise<RecordsSettings> {
  return toRecords(await recordsRow(db));
}

/** The first number of each series, fixed once that series' first document is numbered. */
const FIRST_NUMBERS = [
  {
    field: 'firstDocumentNumber',
    series: SERIES.sale,
    message: 'The first document number cannot change once a sale document has been issued.',
  },
  {
    field: 'firstInvoiceNumber',
    series: SERIES.invoice,
    message: 'The first invoice number cannot change once an invoice has been issued.',
  },
] as const;

/**
 * Changes the records settings in the settings' transaction (settings/service.ts audits the whole
 * change). A series' first number is fixed once its first document was numbered: 409 CONFLICT with
 * the field's message (the counter row exists from the first document on, and its lock orders this
 * check after a document being issued).
 */
export async function updateRecordsSettings(
  tx: Tx,
  body: z.output<typeof UpdateRecordsBodySchema> | undefined,
): Promise<RecordsSettings> {
  const before = await recordsRow(tx);
  if (!body || Object.keys(body).length === 0) return toRecords(before);
  for (const { field, series, message } of FIRST_NUMBERS) {
    if (body[field] === undefined || body[field] === before[field]) continue;
    const [counter] = await tx.select().from(documentCounters).where(eq(documentCounters.series, series)).for('update');
    if (counter) throw new AppError('CONFLICT', message, { [`records.${field}`]: message });
  }
  const [row] = await tx
    .update(recordsSettings)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(recordsSettings.id, 1))
    .returning();
  return toRecords(row!);
}

/** The key that signs document links: made once, kept in the database (so every process and a restore share it). */
export async function linkKey(db: Db | Tx): Promise<string> {
  const row = await recordsRow(db);
  if (row.linkKey) return row.linkKey;
  await db
    .update(recordsSettings)
    .set({ linkKey: randomBytes(32).toString('hex') })
    .where(and(eq(recordsSettings.id, 1), eq(recordsSettings.linkKey, '')));
  return (await recordsRow(db)).linkKey;
}

/** The seller as the documents print it, from the shop's settings (each document keeps its own copy). */
export async function documentSeller(tx: Db | Tx): Promise<DocumentSeller> {
  const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return {
    legalName: row?.sellerLegalName ?? '',
    address: row?.sellerAddress ?? '',
    companyId: row?.sellerCompanyId ?? '',
    vatId: row?.sellerVatId ?? '',
    email: row?.sellerEmail ?? '',
    phone: row?.sellerPhone ?? '',
  };
}
