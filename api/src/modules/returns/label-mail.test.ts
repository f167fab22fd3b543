import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courierOffices, effects, returns } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { makeLabelFor } from './label.js';
import { deliveredOrder, returnOneUnit, type DeliveredOrder } from './test-support.js';

/** The shopper's mail once a return's label is made (docs/decisions/0069). */

const t = useTestApp({ admin: true, smtp: true });

const DAY_MS = 86_400_000;

/** A refund of one unit of the order's first line; the return as answered. */
const returned = (order: DeliveredOrder) => returnOneUnit(t, order);

const labelMails = (email: string, reference: string) =>
  t.smtp.messages.filter(
    (mail) => mail.to.includes(email) && mail.subject.includes(reference) && /label|Етикет/.test(mail.subject),
  );

describe('the return label’s mail', () => {
  it(
    'goes once the label is made, in the order’s language, with a link that opens the label for a week',
    { tags: ['engine'] },
    async () => {
      const order = await deliveredOrder(t, { locale: 'bg' });
      const made = await returned(order);
      await t.effectsRun();
      const mail = await t.smtp.waitFor(order.user.email, (each) => each.subject.includes(made.reference));
      expect(mail.subject).toBe(`Етикетът за връщане ${made.reference} е готов`);
      const trackingNumber = `RN${String(made.id).padStart(10, '0')}`;
      expect(mail.text).toContain(`номер на пратката ${trackingNumber}`);
      expect(mail.text).toContain('занесете в който и да е негов офис');
      expect(mail.text).toContain(`/my-order/${order.orderId}`);

      const link = new RegExp(`https?://[^\\s]+(/api/returns/${made.id}/label\\?expires=(\\d+)&sig=[\\w-]+)`).exec(
        mail.text,
      );
      expect(link, mail.text).not.toBeNull();
      const expires = Number(link![2]) * 1000;
      expect(expires).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
      expect(expires).toBeLessThan(Date.now() + 7.1 * DAY_MS);
      const pdf = await t.app.inject({ url: link![1]! });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      // The label's effect run again (a worker taken for dead after the label was kept): no second mail.
      await makeLabelFor(t.db, t.app.couriers, made.id);
      await t.effectsRun();
      expect(labelMails(order.user.email, made.reference)).toHaveLength(1);
      const written = await t.db
        .select()
        .from(effects)
        .where(and(eq(effects.kind, 'mail.return-label'), eq(effects.orderId, order.orderId)));
      expect(written.map((effect) => [effect.key, effect.doneAt !== null])).toEqual([
        [`mail.return-label:${made.id}`, true],
      ]);
    },
  );

  it('is in English for an English order, and none goes for a return rejected before its label', async () => {
    const order = await deliveredOrder(t, { locale: 'en' });
    const made = await returned(order);
    await t.effectsRun();
    const mail = await t.smtp.waitFor(order.user.email, (each) => each.subject.includes(made.reference));
    expect(mail.subject).toBe(`The return label for ${made.reference} is ready`);
    expect(mail.text).toContain('take it to any of our courier’s offices');

    const put = (autoApprove: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: bearer(t.admin),
        payload: { returns: { autoApprove } },
      });
    await put(false);
    try {
      const other = await deliveredOrder(t, { locale: 'en' });
      const refused = await returned(other);
      const rejected = await t.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${refused.id}/reject`,
        headers: bearer(t.admin),
        payload: { reason: 'Worn' },
      });
      expect(rejected.statusCode).toBe(200);
      await makeLabelFor(t.db, t.app.couriers, refused.id);
      await t.effectsRun();
      expect(labelMails(other.user.email, refused.reference)).toHaveLength(0);
    } finally {
      await put(true);
    }
  });

  it('names the drop-off office the shopper chose, which the label prints and the order’s returns show', async () => {
    // The courier's offices are synced behind the listen: asking for the cities waits for them.
    expect((await t.app.inject({ url: '/api/couriers/cities' })).statusCode).toBe(200);
    const [office] = await t.db.select().from(courierOffices).where(eq(courierOffices.active, true)).limit(1);
    const order = await deliveredOrder(t, { locale: 'en' });
    const ask = (dropOffOfficeId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.orderId}/returns`,
        headers: bearer(order.user),
        payload: {
          lines: [{ orderItemId: order.lines[0]!.id, quantity: 1, reason: 'too-small' }],
          outcome: 'refund',
          dropOffOfficeId,
        },
      });
    const unknown = await ask(office!.id + 100_000);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty(['dropOffOfficeId']);

    const made = await ask(office!.id);
    expect(made.statusCode, made.body).toBe(201);
    const dropOffOffice = {
      id: office!.id,
      kind: office!.kind,
      name: office!.nameEn,
      nameBg: office!.name,
      address: office!.addressEn,
      addressBg: office!.address,
    };
    expect(made.json().return.dropOffOffice).toEqual(dropOffOffice);
    const { id, reference } = made.json().return as { id: number; reference: string };
    await t.effectsRun();
    const listed = (
      await t.app.inject({ url: `/api/orders/${order.orderId}/returns`, headers: bearer(order.user) })
    ).json().data as { id: number; dropOffOffice: unknown }[];
    expect(listed.find((one) => one.id === id)?.dropOffOffice).toEqual(dropOffOffice);
    const [row] = await t.db.select({ label: returns.label }).from(returns).where(eq(returns.id, id));
    expect(row!.label!.stored).toMatchObject({
      sender: { address: `Офис / Office: ${office!.name}, ${office!.address}` },
    });
    const mail = await t.smtp.waitFor(order.user.email, (each) => each.subject.includes(reference));
    expect(mail.text).toContain(`Hand the parcel in at the office you chose: ${office!.nameEn}, ${office!.addressEn}.`);
  });
});
