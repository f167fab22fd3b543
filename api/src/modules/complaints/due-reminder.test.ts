// @module-tag engine: the start-up step that writes missing reminders is SQL of its own (a key built in the query)
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { complaints, effects } from '../../db/schema.js';
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

  it(
    'is written once at start for open complaints filed before reminders existed, and for no decided one',
    { tags: ['engine'] },
    async () => {
      const before = await filed('The seam opened.');
      const decidedBefore = await filed('A rivet fell off.');
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/admin/complaints/${decidedBefore.id}/decide`,
        headers: bearer(t.admin),
        payload: { outcome: 'repair', note: '' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      // Filed before the reminder existed: no reminder row (what a shop that updated has).
      for (const { id } of [before, decidedBefore])
        await t.db.delete(effects).where(eq(effects.key, `mail.owner.complaint-due:${id}`));
      const reminders = () => t.db.select().from(effects).where(like(effects.key, 'mail.owner.complaint-due:%'));
      const others = (await reminders()).length;

      // A start of the shop (a second process on the same database) writes the missing one…
      const started = await buildApp({ config: t.config, database: t.database, logger: false, serveWebApp: false });
      await started.close();
      const [row] = (await reminders()).filter((effect) => effect.key === `mail.owner.complaint-due:${before.id}`);
      expect(row, 'the open complaint’s reminder, written at start').toBeDefined();
      expect(row!.payload).toEqual({ complaintId: before.id });
      const [filedRow] = await t.db.select().from(complaints).where(eq(complaints.id, before.id));
      expect(filedRow!.dueAt.getTime() - row!.runAfter.getTime()).toBe(3 * DAY_MS);
      expect((await reminders()).length, 'none for the decided complaint').toBe(others + 1);

      // …and a second start writes nothing more: the reminder is one row, kept once it has run.
      const again = await buildApp({ config: t.config, database: t.database, logger: false, serveWebApp: false });
      await again.close();
      expect((await reminders()).length).toBe(others + 1);
    },
  );
});
