import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { complaintAcknowledgements, complaints } from '../../db/schema.js';
import { documentSeller } from '../documents/settings.js';
import { acknowledgementPdf } from './acknowledgement-pdf.js';
import { withParties } from './service.js';

export type KeptAcknowledgement = typeof complaintAcknowledgements.$inferSelect;

/**
 * A complaint's acknowledgement as kept (decision 0064): made once, with the seller as the
 * settings name them then, and stored, so the mail attaches it and the shopper and the owner
 * download it later exactly as it was sent (the documents' signed link, kind `complaint`). A
 * second call, or two at once (the filing and the mail's effect), keep the first one made.
 * Undefined for an unknown complaint.
 */
export async function keepAcknowledgement(db: Db, complaintId: number): Promise<KeptAcknowledgement | undefined> {
  const kept = await readKept(db, complaintId);
  if (kept) return kept;
  const [row] = await db.select().from(complaints).where(eq(complaints.id, complaintId));
  if (!row) return undefined;
  const [[complaint], seller] = await Promise.all([withParties(db, [row]), documentSeller(db)]);
  const pdf = await acknowledgementPdf(complaint!, seller);
  await db
    .insert(complaintAcknowledgements)
    .values({ complaintId, orderId: row.orderId, number: row.number, issuedAt: row.createdAt, pdf })
    .onConflictDoNothing();
  return readKept(db, complaintId);
}

async function readKept(db: Db, complaintId: number) {
  const [kept] = await db
    .select()
    .from(complaintAcknowledgements)
    .where(eq(complaintAcknowledgements.complaintId, complaintId));
  return kept;
}
