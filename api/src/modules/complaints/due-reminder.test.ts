import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { effects } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { complaintOnDelivered } from './test-support.js';

/**
 * The owner is reminded of an open complaint before its due date (issue 50: the Consumer
 * Protection Act gives the seller the days of `complaints.dueDays` to decide): a timed effect
 * written with the complaint, which mails the owner only while the complaint is still open.
 */
const t = useTestApp({ smtp: true, admin: true, seller: true });

const OWNER = 'complaints-owner@atelier.test';
const DAY_MS = 86_400_000;

const filed = async (description: string) => (await complaintOnDelivered(t, description)).complaint;

/** The admin's settings (the owner's address, the days to decide). */
async function settings(payload: object) {
  const answer = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(t.admin), payload });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** The reminder's effect row of a complaint, made due now. */
async function dueNow(id: number) {
  const key = `mail.owner.complaint-due:${id}`;
  const [row] = await t.db.select().from(effects).where(eq(effects.key, key));
  await t.db
    .update(effects)
    .set({ runAfter: new Date(Date.now() - 1000) })
    .where(eq(effects.key, key));
  return row;
}

describe('the reminder of a complaint’s due date', () => {
  it('is due three days before it, mails the owner in both languages while open, and nobody once decided', async () => {
    await settings({ notificationsEmail: OWNER });
    const open = await filed('The zip broke.');
    const reminder = await dueNow(open.id);
    expect(reminder, 'the reminder is written with the complaint').toBeDefined();
    expect(Date.parse(open.dueAt) - reminder!.runAfter.getTime()).toBe(3 * DAY_MS);
    await t.effectsRun();
    const mail = await t.smtp.waitFor(OWNER, (m) => m.subject.includes(open.number));
    expect(mail.subject).toContain(`Рекламация № ${open.number}`);
    expect(mail.subject).toContain(`Complaint No. ${open.number}`);
    expect(mail.text).toContain('The zip broke.');
    expect(mail.text).toContain('/admin/complaints');

    const decided = await filed('A button came off.');
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/complaints/${decided.id}/decide`,
      headers: bearer(t.admin),
      payload: { outcome: 'repair', note: '' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await dueNow(decided.id);
    await t.effectsRun();
    expect(t.smtp.messages.filter((m) => m.to.includes(OWNER) && m.subject.includes(decided.number))).toEqual([]);
  });

  it('is due halfway when the days to decide are fewer than six', async () => {
    await settings({ complaints: { dueDays: 2 } });
    const open = await filed('Faded after one wash.');
    const [reminder] = await t.db
      .select()
      .from(effects)
      .where(eq(effects.key, `mail.owner.complaint-due:${open.id}`));
    expect(Date.parse(open.dueAt) - reminder!.runAfter.getTime()).toBe(DAY_MS);
    await settings({ complaints: { dueDays: 30 } });
  });
});
