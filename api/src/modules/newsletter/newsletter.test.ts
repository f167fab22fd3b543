import { NEWSLETTER_WORDING_VERSION } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailSuppressions, newsletterConsents, newsletterSubscribers } from '../../db/schema.js';
import { bearer, DEFAULT_PASSWORD } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { webLinks } from '../../lib/links.js';
import { sendMarketing } from './marketing.js';
import { mayMarket, suppress } from './service.js';

// The shop behind HTTPS, as in production: RFC 8058's one-click link must be an HTTPS one.
const t = useTestApp({ smtp: true, env: { PUBLIC_URL: 'https://shop.test' } });

let count = 0;
const address = () => `reader-${Date.now()}-${(count += 1)}@example.com`;

const subscribe = (email: string, lang: 'en' | 'bg' = 'en', source = 'footer') =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email, lang, source } });

/** The token of the newest confirmation link mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/newsletter/confirm?token='));
  return decodeURIComponent(/\/newsletter\/confirm\?token=([^\s"<&]+)/.exec(mail.text)![1]!);
}

/** The profile's switch (`PUT /api/profile/save { newsletter }`), as the shopper flips it. */
const saveNewsletter = (user: Parameters<typeof bearer>[0], newsletter: boolean) =>
  t.app.inject({ method: 'PUT', url: '/api/profile/save', headers: bearer(user), payload: { newsletter } });

const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });

async function consentsOf(email: string) {
  const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  if (!row) return [];
  return t.db.select().from(newsletterConsents).where(eq(newsletterConsents.subscriberId, row.id));
}

describe('subscribing with double opt-in', () => {
  it('answers 202 whatever the address, mails a link in the language asked, and subscribes only once it is opened', async () => {
    const email = address();
    expect((await subscribe(email.toUpperCase(), 'bg')).statusCode).toBe(202);
    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toBe('Потвърдете абонамента си за Atelier Noir');
    expect(await mayMarket(t.db, email)).toBeUndefined();

    const token = await mailedToken(email);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'subscribed', email });
    // The link opened twice answers the same; an address already subscribed gets no second mail.
    expect((await confirm(token)).json()).toEqual({ status: 'subscribed', email });
    const mails = t.smtp.messages.length;
    expect((await subscribe(email, 'en', 'checkout')).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.smtp.messages.length).toBe(mails);
    expect(await mayMarket(t.db, email)).toMatchObject({ email, lang: 'bg' });

    const consents = await consentsOf(email);
    expect(
      consents.map(({ action, source, lang, wordingVersion }) => ({ action, source, lang, wordingVersion })),
    ).toEqual([
      { action: 'asked', source: 'footer', lang: 'bg', wordingVersion: NEWSLETTER_WORDING_VERSION },
      { action: 'confirmed', source: 'footer', lang: 'bg', wordingVersion: NEWSLETTER_WORDING_VERSION },
    ]);
    expect(consents.every((consent) => consent.at instanceof Date)).toBe(true);
  });

  it('refuses an unknown link (400), a link past its 7 days (410), and an address that is none (400)', async () => {
    expect((await confirm('not-a-token')).statusCode).toBe(400);
    const email = address();
    await subscribe(email);
    const token = await mailedToken(email);
    await t.db
      .update(newsletterSubscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, email));
    const late = await confirm(token);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('TOKEN_EXPIRED');
    expect(await mayMarket(t.db, email)).toBeUndefined();
    expect((await subscribe('not an address')).statusCode).toBe(400);
  });
});

describe("the checkout's box", () => {
  it('asks for confirmation as any other request, recording the checkout as the source; no marketing until it is opened', async () => {
    const shopper = await t.createUser({ locale: 'bg' });
    expect((await subscribe(shopper.email, 'bg', 'checkout')).statusCode).toBe(202);
    const link = await t.smtp.waitFor(shopper.email, (m) => m.text.includes('/newsletter/confirm?token='));
    expect(link.subject).toBe('Потвърдете абонамента си за Atelier Noir');
    // A verified account still confirms by the link: only the profile's own switch subscribes at once.
    expect(await mayMarket(t.db, shopper.email)).toBeUndefined();
    expect((await confirm(await mailedToken(shopper.email))).statusCode).toBe(200);
    expect(await mayMarket(t.db, shopper.email)).toMatchObject({ lang: 'bg', source: 'checkout' });
    expect((await consentsOf(shopper.email)).map(({ action, source }) => [action, source])).toEqual([
      ['asked', 'checkout'],
      ['confirmed', 'checkout'],
    ]);
  });
});

describe('the profile switch, the export and the deletion', () => {
  it('subscribes a verified shopper at once, mails an unverified one a link, and leaves with false', async () => {
    const shopper = await t.createUser({ locale: 'bg' });
    const save = (newsletter: boolean, user = shopper) => saveNewsletter(user, newsletter);
    const state = async (user = shopper) =>
      (await t.app.inject({ url: '/api/profile', headers: bearer(user) })).json().newsletter;

    expect(await state()).toBe('none');
    expect((await save(true)).statusCode).toBe(200);
    expect(await state()).toBe('subscribed');
    expect(await mayMarket(t.db, shopper.email)).toMatchObject({ lang: 'bg' });
    expect((await consentsOf(shopper.email)).map((c) => [c.action, c.source])).toEqual([['given', 'profile']]);

    expect((await save(false)).statusCode).toBe(200);
    expect(await state()).toBe('none');
    expect(await mayMarket(t.db, shopper.email)).toBeUndefined();
    const [suppressed] = await t.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, shopper.email));
    expect(suppressed?.reason).toBe('left');

    const unverified = await t.createUser({ verified: false });
    expect((await save(true, unverified)).statusCode).toBe(200);
    expect(await state(unverified)).toBe('pending');
    await confirm(await mailedToken(unverified.email));
    expect(await state(unverified)).toBe('subscribed');
  });

  it("keeps a bounced address suppressed when the profile's switch subscribes it: only a confirmed link lifts a bounce", async () => {
    const shopper = await t.createUser();
    await suppress(t.db, shopper.email, 'bounced');
    const saved = await saveNewsletter(shopper, true);
    expect(saved.statusCode).toBe(200);
    const [suppressed] = await t.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, shopper.email));
    expect(suppressed?.reason).toBe('bounced');
    expect(await mayMarket(t.db, shopper.email)).toBeUndefined();
  });

  it('puts every consent in the data export, and deletes them with the account', async () => {
    const shopper = await t.createUser();
    await saveNewsletter(shopper, true);
    const exported = await t.app.inject({ url: '/api/profile/export', headers: bearer(shopper) });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(JSON.parse(exported.body).newsletter).toMatchObject({
      status: 'subscribed',
      language: 'en',
      consents: [{ action: 'given', source: 'profile', lang: 'en', wordingVersion: NEWSLETTER_WORDING_VERSION }],
    });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: bearer(shopper),
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await consentsOf(shopper.email)).toEqual([]);
    expect(await mayMarket(t.db, shopper.email)).toBeUndefined();
  });
});

describe('leaving', () => {
  const marketing = () => ({
    db: t.db,
    mailer: t.app.mailer,
    links: webLinks(t.config.publicUrl),
    publicUrl: t.config.publicUrl,
    mailFrom: t.config.mailFrom,
  });
  const sale = () => ({ subject: 'Sale', preheader: 'Sale', heading: 'Sale', intro: ['Everything −30 %.'] });

  it('sends marketing mail with List-Unsubscribe (HTTPS, mailto), One-Click and a visible link; one click leaves at once, for good', async () => {
    const shopper = await t.createUser({ locale: 'bg' });
    await saveNewsletter(shopper, true);

    expect(await sendMarketing(marketing(), shopper.email, sale, 'test.sale')).toBe('sent');
    const mail = await t.smtp.waitFor(shopper.email, (m) => m.subject === 'Sale');
    const oneClick = /<(https:\/\/shop\.test\/api\/unsubscribe\?token=[^>]+)>/.exec(
      mail.headers['list-unsubscribe'] ?? '',
    )?.[1];
    expect(oneClick).toBeDefined();
    expect(mail.headers['list-unsubscribe']).toMatch(/<mailto:[^>]+\?subject=unsubscribe>/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(/Отписване: http\S+\/unsubscribe\?token=/);
    expect(mail.html).toContain('/unsubscribe?token=');

    // What a mailbox provider posts (RFC 8058): a form with List-Unsubscribe=One-Click.
    const url = new URL(oneClick!).pathname + new URL(oneClick!).search;
    const click = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await click()).json()).toEqual({ status: 'none', email: shopper.email });
    expect((await click()).statusCode).toBe(200);
    expect(await sendMarketing(marketing(), shopper.email, sale, 'test.sale')).toBe('skipped');
    const [consent] = (await consentsOf(shopper.email)).slice(-1);
    expect([consent?.action, consent?.source]).toEqual(['withdrawn', 'unsubscribe']);

    // A pending address (no consent yet) gets none either; transactional mail is not this path.
    const pending = address();
    await subscribe(pending);
    expect(await sendMarketing(marketing(), pending, sale, 'test.sale')).toBe('skipped');
    expect((await t.app.inject({ method: 'POST', url: '/api/unsubscribe?token=nope' })).statusCode).toBe(400);
  });

  it('leaves account mail alone: an address that left and bounced still gets its reset link, with no List-Unsubscribe', async () => {
    const shopper = await t.createUser();
    await saveNewsletter(shopper, true);
    await saveNewsletter(shopper, false);
    await suppress(t.db, shopper.email, 'bounced');
    expect(await sendMarketing(marketing(), shopper.email, sale, 'test.suppressed')).toBe('skipped');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: shopper.email },
    });
    expect(asked.statusCode).toBe(200);
    const reset = await t.smtp.waitFor(shopper.email);
    expect(reset.subject).not.toBe('Sale');
    expect(reset.headers['list-unsubscribe']).toBeUndefined();
    expect(reset.headers['list-unsubscribe-post']).toBeUndefined();
  });

  it('claims no one-click unsubscription for a shop without HTTPS (RFC 8058 asks an HTTPS link); its link and mailto stay', async () => {
    const shopper = await t.createUser();
    await saveNewsletter(shopper, true);
    const plain = { ...marketing(), publicUrl: 'http://shop.test' };
    expect(await sendMarketing(plain, shopper.email, sale, 'test.plain')).toBe('sent');
    const mail = await t.smtp.waitFor(shopper.email, (m) => m.subject === 'Sale');
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/shop\.test\/api\/unsubscribe\?token=[^>]+>, <mailto:[^>]+\?subject=unsubscribe>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBeUndefined();
  });
});
