import { createHmac, timingSafeEqual } from 'node:crypto';
import { type OrderDocumentKind as DocumentKind, type OrderDocument } from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { complaintAcknowledgements, invoiceDocuments, saleDocuments } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { readOrder } from '../orders/store.js';
import { linkKey } from './settings.js';

/** How long a document's link opens it: a day (each listing gives fresh ones). */
export const LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** What signs a document's link: its kind, id and expiry, under the shop's link key. */
const signature = (key: string, kind: DocumentKind, id: number, expires: number) =>
  createHmac('sha256', key).update(`${kind}:${id}:${expires}`).digest('base64url');

/** What a document's link carries beside its kind and id: its expiry (seconds) and signature. */
export interface DocumentSignature {
  expires: number;
  sig: string;
}

/** Signs a document's link for a day (the edge builds its address: `apiPaths.documentPdf`). */
export async function signDocument(
  db: Db | Tx,
  kind: DocumentKind,
  id: number,
  now = Date.now(),
): Promise<DocumentSignature> {
  return (await signDocuments(db, kind, [id], now)).get(id)!;
}

/** 403 unless the link's signature is the shop's and it has not expired. */
export async function checkDocumentLink(
  db: Db,
  kind: DocumentKind,
  id: number,
  expires: number,
  sig: string,
  now = Date.now(),
): Promise<void> {
  const expected = Buffer.from(signature(await linkKey(db), kind, id, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('FORBIDDEN', 'This document link is not valid. Open the document from your order page.');
  }
  if (expires * 1000 < now) {
    throw new AppError('FORBIDDEN', 'This document link has expired. Open the document from your order page.');
  }
}

/** The signatures of many documents of a kind, by id (the key read once). */
export async function signDocuments(
  db: Db | Tx,
  kind: DocumentKind,
  ids: number[],
  now = Date.now(),
): Promise<Map<number, DocumentSignature>> {
  if (ids.length === 0) return new Map();
  const key = await linkKey(db);
  const expires = Math.floor((now + LINK_TTL_MS) / 1000);
  return new Map(ids.map((id) => [id, { expires, sig: signature(key, kind, id, expires) }]));
}

/**
 * The documents of an order, for its shopper or an admin (anyone else: 404, as for an unknown
 * order), oldest first, each with its link's signature (the route gives the address).
 */
export async function orderDocuments(
  db: Db,
  viewer: { id: number; admin: boolean },
  orderId: number,
): Promise<(Omit<OrderDocument, 'url'> & { signature: DocumentSignature })[]> {
  const order = await readOrder(db, orderId);
  if (!order || (!viewer.admin && order.userId !== viewer.id)) throw notFound('Order not found.');
  const [rows, invoices, acknowledgements] = await Promise.all([
    db.select().from(saleDocuments).where(eq(saleDocuments.orderId, orderId)).orderBy(asc(saleDocuments.id)),
    // Invoices and credit notes (invoices/, decision 0043), read from their table.
    db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, orderId)).orderBy(asc(invoiceDocuments.id)),
    // Complaints' acknowledgements as kept (decision 0064), without their bytes.
    db
      .select({
        id: complaintAcknowledgements.complaintId,
        number: complaintAcknowledgements.number,
        issuedAt: complaintAcknowledgements.issuedAt,
      })
      .from(complaintAcknowledgements)
      .where(eq(complaintAcknowledgements.orderId, orderId))
      .orderBy(asc(complaintAcknowledgements.complaintId)),
  ]);
  return Promise.all([
    ...rows.map(async (row) => ({
      id: row.id,
      kind: 'sale' as const,
      number: row.number,
      issuedAt: row.issuedAt.toISOString(),
      total: row.totalCents,
      qr: row.qr,
      signature: await signDocument(db, 'sale', row.id),
    })),
    ...invoices.map(async (row) => ({
      id: row.id,
      kind: row.kind,
      number: row.number,
      issuedAt: row.issuedAt.toISOString(),
      total: row.totalCents,
      signature: await signDocument(db, row.kind, row.id),
    })),
    ...acknowledgements.map(async (row) => ({
      id: row.id,
      kind: 'complaint' as const,
      number: row.number,
      issuedAt: row.issuedAt.toISOString(),
      total: null,
      signature: await signDocument(db, 'complaint', row.id),
    })),
  ]);
}
