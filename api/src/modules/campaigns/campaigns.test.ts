// @module-tag engine: a campaign is queued by SQL of its own (INSERT … SELECT with row_number()), and a recipient row claims each mail
import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients, effects, newsletterSubscribers, orderItems, orders } from '../../db/schema.js';
import { effectByKey, LEASE_MS } from '../../platform/outbox/outbox.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { CAMPAIGN_MAIL } from './effect-kinds.js';
import { claimRecipient } from './effects.js';

// Behind HTTPS, as in production: one-click unsubscription (RFC 8058) needs an HTTPS link.
const t = useTestApp({ smtp: true, admin: true, env: { PUBLIC_URL: 'https://shop.test' } });

const address = () => `list-${randomBytes(5).toString('hex')}@example.com`;

/** An address on the list: subscribed (consent confirmed), left, or pending. */
async function subscriber(lang: 'en' | 'bg', status: 'subscribed' | 'left' | 'pending' = 'subscribed') {
  const email = address();
  const [row] = await t.db
    .insert(newsletterSubscribers)
    .values({ email, lang, status, source: 'footer', unsubscribeToken: randomBytes(18).toString('hex') })
    .returning();
  return row!;
}

const admin = () => bearer(t.admin);
const body = (overrides: object = {}) => ({
  subject: { en: 'The winter sale', bg: 'Зимното намаление' },
  text: { en: 'Everything is 30% off.\n\nUntil Sunday.', bg: 'Всичко е с 30% отстъпка.\n\nДо неделя.' },
  products: [] as number[],
  audience: { kind: 'all' },
  ...overrides,
});

async function create(overrides: object = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    headers: admin(),
    payload: body(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; status: string; audience: { size: number } }>();
}

const read = async (id: number) =>
  (await t.app.inject({ url: `/api/admin/campaigns/${id}`, headers: admin() })).json<{
    status: string;
    audience: { kind: string; size: number };
    sent: number;
    failed: number;
    unsubscribed: number;
  }>();

/** Runs the outbox until the campaign has answered for each of its mails (the pace: a fast rate, set below). */
async function sentOut(id: number) {
  for (let round = 0; round < 100; round += 1) {
    await t.effectsRun();
    if ((await read(id)).status === 'sent') return read(id);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const rows = await t.db
    .select()
    .from(effects)
    .where(like(effects.key, `%:${id}:%`));
  throw new Error(`the campaign did not finish: ${JSON.stringify(await read(id))} ${JSON.stringify(rows.slice(0, 5))}`);
}

/** `marketing.ratePerMinute` 1: a campaign's first mail is due now, the others minutes later. */
const oneAMinute = () =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: admin(),
    payload: { marketing: { ratePerMinute: 1 } },
  });

const mailsTo = (email: string) => t.smtp.messages.filter((mail) => mail.to.includes(email));

describe('campaigns', () => {
  it('reach each confirmed subscriber once, in their language, with the products as cards; never one who left or never confirmed', async () => {
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin(),
      payload: { marketing: { ratePerMinute: 10_000 } },
    });
    expect(settings.json().marketing).toEqual({ ratePerMinute: 10_000, abandonedCartHours: 4 });
    const [en, bg, left, pending] = [
      await subscriber('en'),
      await subscriber('bg'),
      await subscriber('en', 'left'),
      await subscriber('bg', 'pending'),
    ];
    const product = await t.createProduct({ name: 'Wool Coat', bgName: 'Вълнено палто', priceCents: 12_900 });
    const campaign = await create({ products: [product.id] });
    expect(campaign.status).toBe('draft');
    expect(campaign.audience.size).toBeGreaterThanOrEqual(2);

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaign.id}/send`,
      headers: admin(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // A double click queues once.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/campaigns/${campaign.id}/send`, headers: admin() }))
        .statusCode,
    ).toBeLessThan(500);
    const done = await sentOut(campaign.id);
    expect(done).toMatchObject({ status: 'sent', failed: 0, unsubscribed: 0 });
    expect(done.sent).toBe(done.audience.size);

    const [toEn] = mailsTo(en.email);
    const [toBg] = mailsTo(bg.email);
    expect([mailsTo(en.email).length, mailsTo(bg.email).length]).toEqual([1, 1]);
    expect(toEn!.subject).toBe('The winter sale');
    expect(toEn!.text).toContain('Until Sunday.');
    expect(toEn!.html).toMatch(/<img src="http[^"]+" width="232" height="290" alt="Wool Coat"/);
    expect(toEn!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(toBg!.subject).toBe('Зимното намаление');
    expect(toBg!.text).toContain('Вълнено палто');
    expect(mailsTo(left.email)).toEqual([]);
    expect(mailsTo(pending.email)).toEqual([]);

    // Sent: it no longer changes, nor goes again.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${campaign.id}`,
      headers: admin(),
      payload: body(),
    });
    expect([edit.statusCode, edit.json().code]).toEqual([409, 'INVALID_TRANSITION']);
  });

  it('resumes after a process died having handed every mail over, without a second copy', async () => {
    const reader = await subscriber('bg');
    const campaign = await create({ audience: { kind: 'language', value: 'bg' } });
    await t.app.inject({ method: 'POST', url: `/api/admin/campaigns/${campaign.id}/send`, headers: admin() });
    const done = await sentOut(campaign.id);
    expect(mailsTo(reader.email)).toHaveLength(1);

    // The worst moment to die: every mail handed to the server, none of their effects marked done,
    // and the queuing itself not marked done either. The next process runs them all again.
    await t.db
      .update(effects)
      .set({ doneAt: null, lockedUntil: null, attempts: 0, runAfter: new Date() })
      .where(like(effects.key, `campaign.%:${campaign.id}:%`));
    await t.effectsRun();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsTo(reader.email)).toHaveLength(1);
    expect(await read(campaign.id)).toMatchObject({ status: 'sent', sent: done.sent });
    const queued = await t.db
      .select()
      .from(effects)
      .where(like(effects.key, `${CAMPAIGN_MAIL.name}:${campaign.id}:%`));
    expect(queued).toHaveLength(done.audience.size);
  });

  it('sends the mail of a worker that died holding it once its lease has passed, never before, nor once stopped', async () => {
    await oneAMinute();
    // One mail a minute: the later subscribers' mails are not due for minutes.
    const [, reader, other] = [await subscriber('en'), await subscriber('bg'), await subscriber('en')];
    const campaign = await create();
    await t.app.inject({ method: 'POST', url: `/api/admin/campaigns/${campaign.id}/send`, headers: admin() });
    await t.effectsRun();
    /** A worker took the mail (its effect's lease and attempt, its recipient `sending`) and died before SMTP answered. */
    const diedHolding = async (subscriberId: number) => {
      const key = CAMPAIGN_MAIL.key(`${campaign.id}:${subscriberId}`);
      await t.db
        .update(effects)
        .set({ attempts: 1, lockedUntil: new Date(Date.now() + LEASE_MS), runAfter: new Date() })
        .where(eq(effects.key, key));
      expect(await claimRecipient(t.db, campaign.id, subscriberId)).toBe(true);
      // The clock the test moves: past this mail's lease.
      return () =>
        t.db
          .update(effects)
          .set({ lockedUntil: new Date(Date.now() - 1) })
          .where(eq(effects.key, key));
    };
    const readerLeasePasses = await diedHolding(reader.id);
    const otherLeasePasses = await diedHolding(other.id);
    const stateOf = async (subscriberId: number) =>
      (
        await t.db
          .select({ state: campaignRecipients.state })
          .from(campaignRecipients)
          .where(and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.subscriberId, subscriberId)))
      )[0]?.state;

    // While the lease runs, nobody takes it.
    await t.effectsRun();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([mailsTo(reader.email), await stateOf(reader.id)]).toEqual([[], 'sending']);

    // Past it, the next worker sends it, once, under its stable Message-ID.
    await readerLeasePasses();
    await t.effectsRun();
    await t.effectsRun();
    expect(mailsTo(reader.email)).toHaveLength(1);
    expect(mailsTo(reader.email)[0]!.headers['message-id']).toMatch(
      new RegExp(`^<campaign\\.${campaign.id}\\.${reader.id}@[^>]+>$`),
    );
    expect(await stateOf(reader.id)).toBe('sent');
    // Its second attempt: the dead worker's was the first.
    expect(await effectByKey(t.db, CAMPAIGN_MAIL.key(`${campaign.id}:${reader.id}`))).toMatchObject({ attempts: 2 });

    // Stopped meanwhile (the held mail stays in the outbox): past its lease, it is not taken again.
    const stopped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaign.id}/stop`,
      headers: admin(),
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    await otherLeasePasses();
    await t.effectsRun();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([mailsTo(other.email), await stateOf(other.id)]).toEqual([[], 'sending']);
    expect(await read(campaign.id)).toMatchObject({ status: 'stopped' });
  });

  it('chooses its audience by language, or by a size bought', async () => {
    const buyer = await subscriber('en');
    const other = await subscriber('en');
    const product = await t.createProduct();
    const [order] = await t.db
      .insert(orders)
      .values({ email: buyer.email, status: 'paid', currency: 'EUR', totalCents: 4999, paymentProvider: 'cod' })
      .returning();
    await t.db.insert(orderItems).values({
      orderId: order!.id,
      productId: product.id,
      name: 'Test',
      colorName: 'Onyx',
      size: 'XXS',
      unitPriceCents: 4999,
      quantity: 1,
    });
    const bySize = await create({ audience: { kind: 'size', value: 'XXS' } });
    expect(bySize.audience.size).toBe(1);
    await t.app.inject({ method: 'POST', url: `/api/admin/campaigns/${bySize.id}/send`, headers: admin() });
    await sentOut(bySize.id);
    expect(mailsTo(buyer.email)).toHaveLength(1);
    expect(mailsTo(other.email)).toHaveLength(0);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: admin(),
      payload: body({ audience: { kind: 'language', value: 'de' } }),
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it("sends a test to the admin's own address in both languages, and schedules with at()", async () => {
    const campaign = await create();
    const tried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaign.id}/test`,
      headers: admin(),
    });
    expect(tried.json()).toEqual({ to: t.admin.email });
    await t.smtp.waitFor(t.admin.email, (mail) => mail.subject === '[Тест] Зимното намаление');
    await t.smtp.waitFor(t.admin.email, (mail) => mail.subject === '[Test] The winter sale');

    const past = await t.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaign.id}/schedule`,
      headers: admin(),
      payload: { at: '2020-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);
    const when = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaign.id}/schedule`,
      headers: admin(),
      payload: { at: when },
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduledAt: when });
    const [start] = await t.db
      .select()
      .from(effects)
      .where(and(eq(effects.kind, 'campaign.start'), like(effects.key, `%:${campaign.id}:%`)));
    expect(start?.runAfter.toISOString()).toBe(when);
  });

  it('counts the audience live before anything is saved: subscribed and not suppressed, 400 for an unknown value', async () => {
    const count = async (query: string) => {
      const response = await t.app.inject({ url: `/api/admin/campaigns/audience?${query}`, headers: admin() });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ count: number }>().count;
    };
    const before = await count('kind=language&value=bg');
    const everyone = await count('kind=all');
    await subscriber('bg');
    await subscriber('bg', 'left');
    await subscriber('bg', 'pending');
    expect(await count('kind=language&value=bg')).toBe(before + 1);
    expect(await count('kind=all')).toBe(everyone + 1);
    const unknown = await t.app.inject({
      url: '/api/admin/campaigns/audience?kind=language&value=de',
      headers: admin(),
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('stops a campaign going out: what had not gone never goes, the admin reads how many went; a scheduled one never starts', async () => {
    // One mail a minute: the first is due now, the others later.
    await oneAMinute();
    const readers = [await subscriber('en'), await subscriber('bg'), await subscriber('en')];
    const campaign = await create();
    const stop = (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/admin/campaigns/${id}/stop`, headers: admin() });
    const draft = await stop(campaign.id);
    expect([draft.statusCode, draft.json().code]).toEqual([409, 'INVALID_TRANSITION']);

    await t.app.inject({ method: 'POST', url: `/api/admin/campaigns/${campaign.id}/send`, headers: admin() });
    await t.effectsRun();
    expect(await read(campaign.id)).toMatchObject({ status: 'sending', sent: 1 });
    // A worker holds the last mail right now: the stop cannot take it off the outbox.
    const held = `${CAMPAIGN_MAIL.name}:${campaign.id}:${readers[2]!.id}`;
    await t.db
      .update(effects)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(effects.key, held));

    const stopped = await stop(campaign.id);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'stopped', sent: 1 });
    const left = await t.db
      .select()
      .from(effects)
      .where(like(effects.key, `${CAMPAIGN_MAIL.name}:${campaign.id}:%`));
    expect(left.filter((effect) => !effect.doneAt).map((effect) => effect.key)).toEqual([held]);
    // The held mail runs after all: it finds the campaign stopped and sends nothing.
    await t.db.update(effects).set({ lockedUntil: null, runAfter: new Date() }).where(eq(effects.key, held));
    await t.effectsRun();
    // (The first mail went to the audience's first subscriber, created by an earlier test or readers[0].)
    expect([mailsTo(readers[1]!.email), mailsTo(readers[2]!.email)]).toEqual([[], []]);
    expect(await read(campaign.id)).toMatchObject({ status: 'stopped', sent: 1 });
    expect([(await stop(campaign.id)).statusCode]).toEqual([409]);

    // Scheduled, then stopped: its time comes and nothing is queued.
    const later = await create();
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${later.id}/schedule`,
      headers: admin(),
      payload: { at: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect((await stop(later.id)).json()).toMatchObject({ status: 'stopped', sent: 0 });
    await t.db
      .update(effects)
      .set({ runAfter: new Date() })
      .where(and(eq(effects.kind, 'campaign.start'), like(effects.key, `%:${later.id}:%`)));
    await t.effectsRun();
    const queued = await t.db
      .select()
      .from(effects)
      .where(like(effects.key, `${CAMPAIGN_MAIL.name}:${later.id}:%`));
    expect([queued.length, (await read(later.id)).status]).toEqual([0, 'stopped']);
  });
});
