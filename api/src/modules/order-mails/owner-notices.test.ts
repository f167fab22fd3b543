import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shopSettings } from '../../db/schema.js';
import { createTestApp, effectsRun, heard, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';
import { placedOrder } from '../withdrawals/test-support.js';
import { enqueueLowStockDigest } from '../stock/low-stock.js';

const OWNER = 'owner@atelier.test';

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  await t.db.update(shopSettings).set({ sellerEmail: OWNER }).where(eq(shopSettings.id, 1));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const toOwner = (match: (subject: string) => boolean) =>
  smtp.messages.filter((mail) => mail.to.includes(OWNER) && match(mail.subject));

describe("the owner's notices (at the seller's address)", () => {
  it('a cash-on-delivery order mails the owner once, with its lines; a reply goes to the shopper', async () => {
    const { user, reference } = await placedOrder(t);
    await effectsRun(t.app);
    const mails = toOwner((subject) => subject.includes(reference));
    expect(mails).toHaveLength(1);
    // The seller is a Bulgarian company: Bulgarian first, then English (issue 45 item 13).
    expect(mails[0]!.subject).toBe(`Нова поръчка ${reference} · New order ${reference}`);
    expect(mails[0]!.html).toContain('<html lang="bg">');
    const text = mails[0]!.text;
    expect(text.indexOf('с наложен платеж')).toBeGreaterThan(-1);
    expect(text.indexOf('с наложен платеж')).toBeLessThan(text.indexOf('cash on delivery'));
    expect(mails[0]!.text).toContain('2 × Oxblood Hoodie (Onyx');
    expect(mails[0]!.text).toMatch(/2 × Тестов суитшърт \S+ \(Оникс/);
    expect(mails[0]!.headers['reply-to']).toBe(user.email);
    // Its foot says whom it is for, not the shopper's "because of an action on your account".
    expect(mails[0]!.text).toContain("a notice to the shop's owner");
    expect(mails[0]!.text).not.toContain('action on your account');
  });

  it('a card order mails the owner once it is paid, not when its checkout opens', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 3000, stock: 5 });
    await addCartLine(t.db, user, product);
    const session = (
      await t.app.inject({
        method: 'POST',
        url: '/api/checkout/session',
        headers: bearer(user),
        payload: { delivery: TEST_DELIVERY },
      })
    ).json();
    await effectsRun(t.app);
    const { reference } = (await t.app.inject({ url: `/api/orders/${session.orderId}`, headers: bearer(user) })).json();
    expect(toOwner((subject) => subject.includes(reference))).toHaveLength(0);
    await payOnTestPage(t.app, session.sessionId);
    await effectsRun(t.app);
    const mails = toOwner((subject) => subject.includes(reference));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('paid by card');
  });

  it('a withdrawal mails the owner with the refund deadline: 14 days from the notice', async () => {
    const { user, orderId, reference, lines } = await placedOrder(t);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/withdrawal`,
      headers: bearer(user),
      payload: { items: [{ orderItemId: lines[0]!.id, quantity: 1 }], reason: 'Too big' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    await effectsRun(t.app);
    const { submittedAt } = answer.json().withdrawal as { submittedAt: string };
    const deadline = new Date(Date.parse(submittedAt) + 14 * 86_400_000);
    const on = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Sofia' }).format(deadline);
    const mails = toOwner((subject) =>
      subject.startsWith(`Отказ от поръчка ${reference} · Withdrawal from order ${reference}`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`until ${on('en-GB')} (14 days from the notice)`);
    expect(mails[0]!.text).toContain(`до ${on('bg-BG')} (14 дни от уведомлението)`);
    expect(mails[0]!.text).toContain('1 × Oxblood Hoodie');
    expect(mails[0]!.text).toContain('Too big');
    expect(mails[0]!.headers['reply-to']).toBe(user.email);
  });

  it('the low-stock digest is mailed once a day, however often it is written', async () => {
    await createProduct(t.db, { priceCents: 2000, stock: 1, name: 'Last Scarf' });
    const day = new Date('2026-06-10T09:00:00Z');
    await enqueueLowStockDigest(t.db, day);
    await enqueueLowStockDigest(t.db, new Date('2026-06-10T15:00:00Z'));
    await effectsRun(t.app);
    await enqueueLowStockDigest(t.db, day);
    await effectsRun(t.app);
    const digests = toOwner((subject) => subject.startsWith('Малко наличност на 2026-06-10 · Low stock on 2026-06-10'));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toMatch(/Last Scarf \(Onyx, \w+\): 1 left/);
    await enqueueLowStockDigest(t.db, new Date('2026-06-11T09:00:00Z'));
    await effectsRun(t.app);
    expect(toOwner((subject) => subject.includes('Low stock on 2026-06-11'))).toHaveLength(1);
  });

  it("every mail to a shopper carries Reply-To the seller's email", async () => {
    const { user, reference } = await placedOrder(t, { locale: 'bg' });
    const mail = await smtp.waitFor(user.email, (m) => m.subject.includes(reference));
    expect(mail.headers['reply-to']).toBe(OWNER);
  });
});

describe('the notifications address (a setting of its own)', () => {
  it('takes the owner’s notices instead of the seller’s email, is read by admins only, audited, and never public', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(admin), payload: body });
    expect((await put({ notificationsEmail: 'not an address' })).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { notificationsEmail: 'Enter a valid email address.' },
    });
    const changed = await put({ notificationsEmail: 'orders@atelier.test' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ notificationsEmail: 'orders@atelier.test', seller: { email: OWNER } });
    const read = await t.app.inject({ url: '/api/admin/settings', headers: bearer(admin) });
    expect(read.json()).toMatchObject({ notificationsEmail: 'orders@atelier.test' });
    expect(
      (await t.app.inject({ url: '/api/admin/settings', headers: bearer(await createUser(t.db)) })).statusCode,
    ).toBe(403);
    await heard(t.app);
    expect((await t.app.inject('/api/settings')).json()).not.toHaveProperty('notificationsEmail');
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audited.at(-1)?.detail).toMatchObject({ changes: { notificationsEmail: 'orders@atelier.test' } });

    const { user, reference } = await placedOrder(t);
    await effectsRun(t.app);
    const notices = smtp.messages.filter((mail) => mail.subject.includes(`New order ${reference}`));
    expect(notices.map((mail) => mail.to)).toEqual([['orders@atelier.test']]);
    // The shopper's replies still go to the seller.
    const confirmation = await smtp.waitFor(user.email, (mail) => mail.subject.includes(reference));
    expect(confirmation.headers['reply-to']).toBe(OWNER);
    expect((await put({ notificationsEmail: '' })).json()).toMatchObject({ notificationsEmail: '' });
  });
});
