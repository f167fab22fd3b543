import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { complaintAcknowledgements, shopSettings } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { complaintOnDelivered } from './test-support.js';

/** A complaint's acknowledgement kept as a document (decision 0064): downloaded again by the shopper and the owner. */
const t = useTestApp({ smtp: true, admin: true, seller: true });

async function filedComplaint() {
  const { placed, complaint } = await complaintOnDelivered(t, 'The zip broke.');
  // The mail's effect keeps it (the first PDF of a process loads pdfkit: slow on a loaded machine).
  await vi.waitFor(
    async () => {
      const [kept] = await t.db
        .select({ id: complaintAcknowledgements.complaintId })
        .from(complaintAcknowledgements)
        .where(eq(complaintAcknowledgements.complaintId, complaint.id));
      expect(kept).toBeDefined();
    },
    { timeout: 30_000, interval: 100 },
  );
  return { ...placed, complaint };
}

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('the acknowledgement kept', () => {
  it('is among the order’s documents and the register’s row, the same PDF the mail attached, after the seller changed', async () => {
    const { user, orderId, complaint } = await filedComplaint();
    const mail = await t.smtp.waitFor(user.email, (m) => m.subject.includes(complaint.number));
    expect(mail.raw).toContain(`complaint-${complaint.number}.pdf`);
    const [kept] = await t.db
      .select()
      .from(complaintAcknowledgements)
      .where(eq(complaintAcknowledgements.complaintId, complaint.id));
    expect(kept!.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The attachment is the kept file (base64 in the raw mail).
    expect(mail.raw.replace(/\r?\n/g, '')).toContain(kept!.pdf.toString('base64').slice(0, 400));

    // The seller's name changes later: the kept acknowledgement does not.
    await t.db.update(shopSettings).set({ sellerLegalName: 'Другото име ООД' }).where(eq(shopSettings.id, 1));

    const documents = await t.app.inject({ url: `/api/orders/${orderId}/documents`, headers: bearer(user) });
    expect(documents.statusCode, documents.body).toBe(200);
    const listed = documents.json().find((document: { kind: string }) => document.kind === 'complaint');
    expect(listed).toMatchObject({ id: complaint.id, number: complaint.number, total: null });
    const pdf = await t.app.inject({ url: pathOf(listed.url) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`complaint-${complaint.number}.pdf`);
    expect(pdf.rawPayload.equals(kept!.pdf)).toBe(true);

    const register = await t.app.inject({ url: '/api/admin/complaints', headers: bearer(t.admin) });
    const row = register.json().data.find((each: { id: number }) => each.id === complaint.id);
    expect(row.acknowledgementUrl).toMatch(new RegExp(`^/api/documents/complaint/${complaint.id}/pdf\\?expires=`));
    const again = await t.app.inject({ url: row.acknowledgementUrl });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(kept!.pdf)).toBe(true);
  });

  it('is not another shopper’s, nor opened by a link signed for another complaint', async () => {
    const first = await filedComplaint();
    const second = await filedComplaint();
    const other = await t.app.inject({
      url: `/api/orders/${first.orderId}/documents`,
      headers: bearer(second.user),
    });
    expect(other.statusCode).toBe(404);
    const documents = await t.app.inject({
      url: `/api/orders/${first.orderId}/documents`,
      headers: bearer(first.user),
    });
    const link = pathOf(documents.json().find((document: { kind: string }) => document.kind === 'complaint').url);
    const forged = await t.app.inject({
      url: link.replace(`/complaint/${first.complaint.id}/`, `/complaint/${second.complaint.id}/`),
    });
    expect(forged.statusCode).toBe(403);
  });
});
