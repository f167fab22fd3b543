import {
  guaranteeEndsAt,
  REPAIR_EXTENSION_MONTHS,
  type AdminComplaint,
  type AdminComplaints,
  type Complaint,
  type ComplaintOutcome,
  type ComplaintStatus,
  type CreateComplaintFields,
} from '@shop/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { complaintAcknowledgements, complaints, guaranteeExtensions, orderItems } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { storeImage } from '../../platform/files/images.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { signDocuments, type DocumentSignature } from '../documents/links.js';
import { nextDocumentNumber, SERIES } from '../documents/numbering.js';
import { refundCashOrder, takeStep } from '../orders/core.js';
import { orderPartiesOf, wasReceived, type OrderParty } from '../orders/reads.js';
import { readOrder, refundByKey, withOrder } from '../orders/store.js';
import { settingsRow } from '../settings/service.js';
import { COMPLAINT_DECISION_MAIL, COMPLAINT_MAIL, dueReminder } from './effect-kinds.js';
import { placeReplacement } from './replacement.js';

export type ComplaintRow = typeof complaints.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;

const DAY_MS = 86_400_000;
const iso = (date: Date | null) => date?.toISOString() ?? null;
const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

/** A complaint as filed: the form's fields, and its photos' bytes in the form's order (the route reads the form: form.ts). */
export type ComplaintFiling = CreateComplaintFields & { photos: Buffer[] };

/**
 * A complaint as the owner reads it: `acknowledgement` signs the kept acknowledgement's link
 * (decision 0064), whose address the route gives (`acknowledgementUrl`).
 */
export type ComplaintRead = Omit<AdminComplaint, 'acknowledgementUrl'> & { acknowledgement: DocumentSignature | null };

/** What a line's guarantee extension looks like to the services: whether it was extended. */
async function isExtended(db: Db | Tx, orderItemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: guaranteeExtensions.orderItemId })
    .from(guaranteeExtensions)
    .where(eq(guaranteeExtensions.orderItemId, orderItemId));
  return row !== undefined;
}

/**
 * A shopper's complaint about a delivered line of their own order (YEAR.md section 6): within
 * the line's guarantee (two years from delivery, extended once by a repair), else 409
 * GUARANTEE_OVER; up to three photos, each through the uploads' checks (decoded, re-encoded, at
 * most 2 MB); a gapless number of its own series, taken in the transaction that writes it, and the
 * acknowledgement mailed once committed, the owner reminded before its due date. Another
 * shopper's order answers as a missing one.
 */
export async function fileComplaint(
  db: Db,
  userId: number,
  orderId: number,
  { orderItemId, description, remedy, photos: images }: ComplaintFiling,
): Promise<Complaint> {
  const order = await readOrder(db, orderId);
  if (!order || order.userId !== userId) throw notFound('Order not found');
  const [line] = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, orderItemId), eq(orderItems.orderId, orderId)));
  if (!line) throw invalid('orderItemId', 'This is not an item of this order.');
  if (!wasReceived(order) || order.deliveredAt === null) {
    throw conflict('INVALID_TRANSITION', 'A complaint is about an item that was delivered: this order has not been.');
  }
  const endsAt = guaranteeEndsAt(order.deliveredAt, await isExtended(db, line.id))!;
  if (Date.now() > endsAt.getTime()) {
    throw conflict(
      'GUARANTEE_OVER',
      `The guarantee of this item ended on ${endsAt.toISOString().slice(0, 10)}: a complaint can no longer be filed.`,
    );
  }
  // Stored before the transaction (decoding is slow): a complaint that fails leaves files nothing
  // points at, which the daily collection deletes.
  const photos: string[] = [];
  for (const bytes of images) photos.push((await storeImage(db, bytes, 'product')).url);
  const { complaintDueDays } = await settingsRow(db);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const number = await nextDocumentNumber(tx, SERIES.complaint, 1);
    const [inserted] = await tx
      .insert(complaints)
      .values({
        number,
        orderId,
        orderItemId: line.id,
        description,
        remedy,
        photos,
        createdAt: now,
        dueAt: new Date(now.getTime() + complaintDueDays * DAY_MS),
      })
      .returning();
    await enqueue(tx, [
      COMPLAINT_MAIL.effect({ complaintId: inserted!.id }, { id: inserted!.id, orderId }),
      dueReminder(inserted!.id, inserted!.createdAt, inserted!.dueAt),
    ]);
    return inserted!;
  });
  return toComplaint(row, line, order.reference);
}

/** A register row as the API answers it. */
export const toComplaint = (row: ComplaintRow, line: LineRow, orderReference: string): Complaint => ({
  id: row.id,
  number: row.number,
  orderId: row.orderId,
  orderReference,
  orderItemId: row.orderItemId,
  item: {
    name: line.name,
    nameBg: line.nameBg,
    colorName: line.colorName,
    colorNameBg: line.colorNameBg,
    size: line.size,
  },
  description: row.description,
  remedy: row.remedy,
  photos: row.photos,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  dueAt: row.dueAt.toISOString(),
  outcome: row.outcome,
  note: row.note,
  amount: row.amountCents,
  decidedAt: iso(row.decidedAt),
  repairedAt: iso(row.repairedAt),
  replacementOrderId: row.replacementOrderId,
});

/** Register rows with their lines, orders and consumers, as the owner reads them (three queries). */
export async function withParties(db: Db | Tx, rows: ComplaintRow[]): Promise<ComplaintRead[]> {
  if (rows.length === 0) return [];
  const itemIds = rows.map((row) => row.orderItemId);
  const [lines, extended, parties, kept] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.id, itemIds)),
    db
      .select({ id: guaranteeExtensions.orderItemId })
      .from(guaranteeExtensions)
      .where(inArray(guaranteeExtensions.orderItemId, itemIds)),
    orderPartiesOf(
      db,
      rows.map((row) => row.orderId),
    ),
    db
      .select({ id: complaintAcknowledgements.complaintId })
      .from(complaintAcknowledgements)
      .where(
        inArray(
          complaintAcknowledgements.complaintId,
          rows.map((row) => row.id),
        ),
      )
      .then((kept) =>
        signDocuments(
          db,
          'complaint',
          kept.map((row) => row.id),
        ),
      ),
  ]);
  const lineOf = new Map(lines.map((line) => [line.id, line]));
  const extendedIds = new Set(extended.map((row) => row.id));
  return rows.map((row) => {
    const party = parties.get(row.orderId)!;
    return {
      ...toComplaint(row, lineOf.get(row.orderItemId)!, party.row.reference),
      customer: { name: party.name, email: party.email, phone: party.phone },
      guaranteeEndsAt: iso(guaranteeEndsAt(party.row.deliveredAt, extendedIds.has(row.orderItemId))),
      acknowledgement: kept.get(row.id) ?? null,
    };
  });
}

/** One complaint with its parties, or 404. */
export async function readComplaint(db: Db | Tx, id: number): Promise<ComplaintRead> {
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
  if (!row) throw notFound('Complaint not found');
  return (await withParties(db, [row]))[0]!;
}

/** The register, a page at a time: open complaints by due date (the nearest first), then the rest newest first. */
export async function listComplaints(
  db: Db,
  { status, page, limit }: { status?: ComplaintStatus | undefined; page: number; limit: number },
): Promise<Omit<AdminComplaints, 'data'> & { data: ComplaintRead[] }> {
  const where = status ? eq(complaints.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(complaints)
      .where(where)
      .orderBy(
        sql`case when ${complaints.status} = 'open' then 0 else 1 end`,
        asc(complaints.dueAt),
        desc(complaints.id),
      )
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(complaints).where(where),
  ]);
  return { data: await withParties(db, rows), total: total?.total ?? 0, page, limit };
}

/** What a line cost the shopper: its price times its quantity, less its share of the discount. */
const paidFor = (line: LineRow) => line.unitPriceCents * line.quantity - line.discountCents;

export interface Decision {
  outcome: ComplaintOutcome;
  note: string;
  /** Cents: a refund's (the line's paid value when absent) or a price reduction's. */
  amountCents?: number | undefined;
}

/**
 * The seller decides an open complaint (409 COMPLAINT_DECIDED once decided). A refund (the line's
 * paid value unless `amountCents` says less) and a price reduction move money through the order
 * core's refund step, keyed by the complaint, so the provider refunds once, the credit note
 * follows when the order was invoiced and the order's refund mail goes out; a cash-on-delivery
 * order's cash is paid back outside the shop (the table refunds card payments only) and the
 * decision records the amount, what gift cards or store credit paid past the cash going back to
 * them (`refundCashOrder`). A replacement is an order of total 0 (replacement.ts). The
 * shopper is mailed the decision once committed; audited.
 */
export async function decideComplaint(db: Db, actorId: number, id: number, decision: Decision): Promise<ComplaintRead> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
    if (!row) throw notFound('Complaint not found');
    if (row.status !== 'open') throw conflict('COMPLAINT_DECIDED', `Complaint ${row.number} is decided already.`);
    const money = decision.outcome === 'refund' || decision.outcome === 'price-reduction';
    let amountCents: number | null = null;
    let refundId: number | null = null;
    if (money) {
      const [line] = await tx.select().from(orderItems).where(eq(orderItems.id, row.orderItemId));
      amountCents = decision.amountCents ?? paidFor(line!);
      const wanted = amountCents;
      refundId = await withOrder(tx, row.orderId, async (order) => {
        const key = `complaint-${row.id}`;
        if (order.paymentMethod !== 'card') {
          await refundCashOrder(tx, order, wanted, key);
          return null;
        }
        await takeStep(tx, order, 'refund', {
          actor: 'admin',
          actorId,
          amountCents: wanted,
          key,
          detail: { complaintId: row.id },
        });
        return (await refundByKey(tx, order.id, key))?.id ?? null;
      });
    }
    const replacementOrderId = decision.outcome === 'replacement' ? await placeReplacement(tx, row) : null;
    await tx
      .update(complaints)
      .set({
        replacementOrderId,
        status: 'decided',
        outcome: decision.outcome,
        note: decision.note || null,
        amountCents,
        refundId,
        decidedAt: new Date(),
        decidedBy: actorId,
      })
      .where(eq(complaints.id, id));
    await audit(tx, {
      actorId,
      action: 'complaint.decide',
      target: `complaint:${id}`,
      detail: { outcome: decision.outcome, amountCents, refundId, replacementOrderId },
    });
    await enqueue(tx, [COMPLAINT_DECISION_MAIL.effect({ complaintId: id }, { id, orderId: row.orderId })]);
  });
  return readComplaint(db, id);
}

/**
 * A repair decided on a complaint is completed: the line's guarantee is extended by 12 months,
 * once per line (a second repaired complaint of the same line extends nothing: the law's "once").
 * 409 unless the complaint was decided as a repair, or when it was marked repaired already.
 */
export async function markRepaired(db: Db, actorId: number, id: number): Promise<ComplaintRead> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
    if (!row) throw notFound('Complaint not found');
    if (row.outcome !== 'repair') {
      throw conflict('INVALID_TRANSITION', 'Only a complaint decided as a repair can be marked repaired.');
    }
    if (row.repairedAt) throw conflict('ALREADY_REPAIRED', `Complaint ${row.number} was marked repaired already.`);
    await tx.update(complaints).set({ repairedAt: new Date() }).where(eq(complaints.id, id));
    const extended = await tx
      .insert(guaranteeExtensions)
      .values({ orderItemId: row.orderItemId, complaintId: id, months: REPAIR_EXTENSION_MONTHS })
      .onConflictDoNothing()
      .returning({ id: guaranteeExtensions.orderItemId });
    await audit(tx, {
      actorId,
      action: 'complaint.repaired',
      target: `complaint:${id}`,
      detail: { extended: extended.length > 0 },
    });
  });
  return readComplaint(db, id);
}

/** A complaint with what its mails need: its row, line, order and consumer. */
export async function complaintAddressed(
  db: Db,
  id: number,
): Promise<{ complaint: ComplaintRead; party: OrderParty } | undefined> {
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
  if (!row) return undefined;
  const [complaint] = await withParties(db, [row]);
  const party = (await orderPartiesOf(db, [row.orderId])).get(row.orderId)!;
  return { complaint: complaint!, party };
}
