import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Courier } from '@shop/contract';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { returns } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { makeReturnLabel, returnLabelPdf, returnLabelsUnderway } from '../couriers/return-label.js';
import type { Couriers } from '../couriers/shipments.js';
import { linkKey } from '../documents/settings.js';
import { lockOrder } from '../orders/store.js';
import { RETURN_LABEL, RETURN_LABEL_MAIL } from './effect-kinds.js';

/*
 * A return's label (YEAR.md section 2, docs/decisions/0062): made by the order's courier once the
 * return is approved (an effect: the courier is never asked inside a transaction, and one that
 * does not answer is asked again), served as a PDF behind a signed link that only the return's
 * shopper (and the owner) are given, and followed: once the courier has taken the parcel, the
 * return is `in-transit`.
 */

/** The statuses in which a return has (or is waiting for) its label. */
const LABELLED = ['approved', 'in-transit'] as const;

/** How long a label's link opens it: a day (each listing gives fresh ones), as a document's. */
const LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** How long the link in the label's mail opens it: a week, time to find a printer (the order page gives fresh ones after). */
export const MAIL_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Signed under the documents' link key, named apart from them (`return-label:`). */
const signature = (key: string, id: number, expires: number) =>
  createHmac('sha256', key).update(`return-label:${id}:${expires}`).digest('base64url');

/** What a label's link carries beside the return's id: its expiry (seconds) and signature. */
export interface LabelSignature {
  expires: number;
  sig: string;
}

/**
 * What signs the labels' links of a listing: the shop's key, read once (none needed when no return
 * has a label); valid a day, or `ttlMs`. The edge builds the link's address (`apiPaths.returnLabel`).
 */
export async function labelSigner(
  db: Db | Tx,
  any: boolean,
  { now = Date.now(), ttlMs = LINK_TTL_MS }: { now?: number; ttlMs?: number } = {},
): Promise<(id: number) => LabelSignature> {
  const key = any ? await linkKey(db) : '';
  const expires = Math.floor((now + ttlMs) / 1000);
  return (id) => ({ expires, sig: signature(key, id, expires) });
}

/** Enqueued with the approval (in its transaction): the label is made once it commits. */
export const labelAfterApproval = (tx: Tx, row: { id: number; orderId: number }) =>
  enqueue(tx, [RETURN_LABEL.effect({ returnId: row.id }, { id: row.id, orderId: row.orderId })]);

/**
 * The effect: the order's courier makes the label, and the return keeps it unless it was rejected
 * or labelled meanwhile (then the label is withdrawn at the courier). A courier that fails throws:
 * the outbox asks again later, the return stays approved without a label meanwhile. The shopper's
 * mail is written with the label kept, in its transaction: a run again after that finds the label
 * and writes nothing, so the mail goes once.
 */
export async function makeLabelFor(db: Db, couriers: Couriers, returnId: number): Promise<void> {
  const [row] = await db.select().from(returns).where(eq(returns.id, returnId));
  if (!row || row.label || !(LABELLED as readonly string[]).includes(row.status)) return;
  const label = await makeReturnLabel(db, couriers, {
    orderId: row.orderId,
    returnId,
    reference: row.reference,
    dropOffOfficeId: row.dropOffOfficeId,
  });
  const kept = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(returns)
      .set({ label, updatedAt: new Date() })
      .where(and(eq(returns.id, returnId), isNull(returns.label), inArray(returns.status, [...LABELLED])))
      .returning({ id: returns.id });
    if (updated) await enqueue(tx, [RETURN_LABEL_MAIL.effect({ returnId }, { id: returnId, orderId: row.orderId })]);
    return updated !== undefined;
  });
  if (!kept)
    await couriers
      .of(label.courier)
      ?.cancelLabel(label.trackingNumber)
      .catch(() => undefined);
}

/** `GET /api/returns/{id}/label?expires=&sig=`: the label's PDF behind its signed link (403 otherwise, 404 without a label). */
export async function labelPdf(
  db: Db,
  couriers: Couriers,
  id: number,
  link: { expires: number; sig: string },
  now = Date.now(),
): Promise<{ pdf: Buffer; trackingNumber: string }> {
  const expected = Buffer.from(signature(await linkKey(db), id, link.expires));
  const given = Buffer.from(link.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('FORBIDDEN', 'This label link is not valid. Open the label from your order page.');
  }
  if (link.expires * 1000 < now) {
    throw new AppError('FORBIDDEN', 'This label link has expired. Open the label from your order page.');
  }
  const [row] = await db.select({ label: returns.label }).from(returns).where(eq(returns.id, id));
  if (!row?.label) throw notFound('This return has no label.');
  return { pdf: await returnLabelPdf(couriers, row.label), trackingNumber: row.label.trackingNumber };
}

/** How many approved returns one poll asks about (the oldest first). */
const POLL_BATCH = 100;

/**
 * The timed effect: asks each courier about the labels of approved returns, and moves each return
 * whose parcel the courier has taken to `in-transit` (the order and the return locked, as the
 * owner's steps take them; a return received or rejected meanwhile stays as it is). Answers how many moved.
 */
export async function pollReturnTracking(db: Db, couriers: Couriers): Promise<number> {
  const waiting = await db
    .select({ id: returns.id, orderId: returns.orderId, label: returns.label })
    .from(returns)
    .where(and(eq(returns.status, 'approved'), isNotNull(returns.label)))
    .orderBy(asc(returns.id))
    .limit(POLL_BATCH);
  const byCourier = new Map<Courier, typeof waiting>();
  for (const row of waiting) byCourier.set(row.label!.courier, [...(byCourier.get(row.label!.courier) ?? []), row]);
  let moved = 0;
  for (const [courier, rows] of byCourier) {
    const underway = await returnLabelsUnderway(
      couriers,
      courier,
      rows.map((row) => row.label!.trackingNumber),
    );
    for (const row of rows.filter((row) => underway.has(row.label!.trackingNumber))) {
      await db.transaction(async (tx) => {
        await lockOrder(tx, row.orderId);
        const updated = await tx
          .update(returns)
          .set({ status: 'in-transit', updatedAt: new Date() })
          .where(and(eq(returns.id, row.id), eq(returns.status, 'approved')))
          .returning({ id: returns.id });
        moved += updated.length;
      });
    }
  }
  return moved;
}
