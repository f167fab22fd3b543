import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, users, withdrawalRequests, withdrawals } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { type ReceivedMail } from '../../test/smtp.js';
import { useTestApp } from '../../test/harness.js';
import { placedOrder } from './test-support.js';

const t = useTestApp({ smtp: true });

const DAY_MS = 86_400_000;
const PHISHING = '<a href="https://evil.example/pay">Pay the return fee here</a> Your order is suspended';

let client = 0;
const ask = (body: object, ip = `198.51.100.${++client}`) =>
  t.app.inject({ method: 'POST', url: '/api/withdrawals', payload: body, remoteAddress: ip });
const view = (token: string) => t.app.inject({ url: `/api/withdrawals/confirm?token=${encodeURIComponent(token)}` });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/withdrawals/confirm', payload: { token } });

const recorded = (orderId: number) => t.db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId));
const requestsOf = (orderId: number) =>
  t.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, orderId));
const tokenIn = (mail: ReceivedMail) => {
  const match = /\/withdrawal\/confirm\?token=([\w-]+)/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[1]!;
};
const linkMail = (to: string, reference: string) =>
  t.smtp.waitFor(to, (mail) => mail.subject === `Confirm your withdrawal from order ${reference}`);

describe('the public withdrawal form', () => {
  it('answers a stranger with the right reference and email exactly as a wrong one, and records nothing', async () => {
    const { user, orderId, reference } = await placedOrder(t);
    const answers = [
      await ask({ orderId: reference, email: user.email.toUpperCase(), name: 'Mallory' }),
      await ask({ orderId: reference, email: 'someone-else@example.com', name: 'Mallory' }),
      await ask({ orderId: 'FFFFFFFFFFFF', email: user.email, name: 'Mallory' }),
      await ask({ orderId: orderId + 100_000, email: user.email, name: 'Mallory' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(202);
      expect(answer.body).toBe('{"sent":true}');
    }
    expect(await recorded(orderId)).toEqual([]);
    const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
    expect(order.withdrawal).toBeNull();
    // Only the matching request keeps a row and mails a link, to the order's own address.
    expect(await requestsOf(orderId)).toHaveLength(1);
    await linkMail(user.email, reference);
    expect(t.smtp.messages.filter((mail) => mail.to.includes('someone-else@example.com'))).toEqual([]);
  });

  it('mails the link to the order’s address greeting the order’s name; no mail ever carries the name typed', async () => {
    const { user, orderId, reference } = await placedOrder(t);
    expect((await ask({ orderId: reference, email: user.email, name: PHISHING, reason: PHISHING })).statusCode).toBe(
      202,
    );
    const mail = await linkMail(user.email, reference);
    expect(mail.to).toEqual([user.email]);
    expect(mail.text).toContain('Hello, Ana Petrova');
    expect(mail.text).toContain(`http://shop.test/withdrawal/confirm?token=${tokenIn(mail)}`);
    expect(mail.html).toContain(`/withdrawal/confirm?token=${tokenIn(mail)}`);
    const confirmed = await confirm(tokenIn(mail));
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const ack = await t.smtp.waitFor(
      user.email,
      (m) => m.subject === `We received your withdrawal from order ${reference}`,
    );
    expect(ack.text).toContain('Hello, Ana Petrova');
    for (const sent of t.smtp.messages.filter((m) => m.to.includes(user.email))) {
      for (const part of [sent.subject, sent.text, sent.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('suspended');
      }
    }
    // The declarant's words stay on the record, for the owner.
    expect((await recorded(orderId))[0]).toMatchObject({ name: PHISHING.slice(0, 100), via: 'public' });
  });

  it('records the withdrawal once the link’s button is pressed, timestamped at the submission', async () => {
    const { user, orderId, reference, lines } = await placedOrder(t);
    await ask({ orderId: reference, email: user.email, name: 'Ana', reason: 'Too big' });
    const token = tokenIn(await linkMail(user.email, reference));
    // The form was sent two hours ago; the link is opened now.
    const submittedAt = new Date(Date.now() - 2 * 3_600_000);
    await t.db.update(withdrawalRequests).set({ submittedAt }).where(eq(withdrawalRequests.orderId, orderId));

    const shown = await view(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ reference, submittedAt: submittedAt.toISOString(), confirmedAt: null });
    expect(await recorded(orderId)).toEqual([]);

    const answer = await confirm(token);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().withdrawal).toMatchObject({
      orderId,
      reference,
      submittedAt: submittedAt.toISOString(),
      items: lines.map((line) => ({ orderItemId: line.id, quantity: line.quantity })),
    });
    const rows = await recorded(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ submittedAt, reason: 'Too big', email: user.email });

    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_WITHDRAWN');
    expect(await recorded(orderId)).toHaveLength(1);
    expect((await view(token)).json().confirmedAt).not.toBeNull();
  });

  it('counts the withdrawal period at the submission, and states refusals only to whoever opens the link', async () => {
    const { user, orderId, reference } = await placedOrder(t);
    // Delivered 15 days ago; the form was sent 2 days ago (day 13 of 14): in time.
    await t.db
      .update(orders)
      .set({ fulfilment: 'delivered', deliveredAt: new Date(Date.now() - 15 * DAY_MS) })
      .where(eq(orders.id, orderId));
    await ask({ orderId: reference, email: user.email, name: 'Ana' });
    const token = tokenIn(await linkMail(user.email, reference));
    await t.db
      .update(withdrawalRequests)
      .set({ submittedAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(withdrawalRequests.orderId, orderId));
    expect((await confirm(token)).statusCode).toBe(201);

    const cancelled = await placedOrder(t);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.orderId));
    expect((await ask({ orderId: cancelled.reference, email: cancelled.user.email, name: 'Ana' })).statusCode).toBe(
      202,
    );
    const refused = await confirm(tokenIn(await linkMail(cancelled.user.email, cancelled.reference)));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INVALID_TRANSITION');
  });

  it('refuses an unknown or expired link with a clear code', async () => {
    const unknown = await confirm('not-a-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await view('not-a-token')).statusCode).toBe(400);

    const { user, orderId, reference } = await placedOrder(t);
    await ask({ orderId: reference, email: user.email, name: 'Ana' });
    const token = tokenIn(await linkMail(user.email, reference));
    await t.db
      .update(withdrawalRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(withdrawalRequests.orderId, orderId));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'TOKEN_EXPIRED',
      error: 'This withdrawal link has expired. Please fill in the withdrawal form again.',
    });
    expect((await view(token)).statusCode).toBe(410);
    expect(await recorded(orderId)).toEqual([]);
  });

  it('still works after the account is deleted (the order keeps its email), greeting the delivery’s name', async () => {
    const { user, orderId, reference } = await placedOrder(t);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await ask({ orderId: reference.toLowerCase(), email: user.email, name: 'Someone' })).statusCode).toBe(202);
    const mail = await linkMail(user.email, reference);
    expect(mail.text).toContain('Hello, Ana P. Receiver');
    expect((await confirm(tokenIn(mail))).statusCode).toBe(201);
    expect(await recorded(orderId)).toHaveLength(1);
  });

  it('writes to the order’s address in the order’s language, and takes an old mail’s order number too', async () => {
    const { user, orderId, reference } = await placedOrder(t, { locale: 'bg' });
    expect((await ask({ orderId: String(orderId), email: user.email, name: 'Ана' })).statusCode).toBe(202);
    const mail = await t.smtp.waitFor(user.email, (m) => m.subject === `Потвърдете отказа си от поръчка ${reference}`);
    expect(mail.text).toContain('Здравейте, Ana Petrova');
    expect((await confirm(tokenIn(mail))).statusCode).toBe(201);
    await t.smtp.waitFor(user.email, (m) => m.subject === `Получихме отказа ви от поръчка ${reference}`);
  });

  it('is limited per order, per email and per client address, whether or not they match', async () => {
    const { user, reference } = await placedOrder(t);
    // Per order: 3 a day, from any client and with any email (its number counts as the same order).
    const perOrder = [];
    for (let i = 0; i < 3; i += 1)
      perOrder.push((await ask({ orderId: reference, email: `guess-${i}@example.com`, name: 'A' })).statusCode);
    const { orderId } = (
      await t.db.select({ orderId: orders.id }).from(orders).where(eq(orders.reference, reference))
    )[0]!;
    const fourth = await ask({ orderId, email: user.email, name: 'A' });
    expect(perOrder).toEqual([202, 202, 202]);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3600);

    // Per email: 5 a day, across orders and clients.
    const email = 'target@example.com';
    const perEmail = [];
    for (let i = 0; i < 6; i += 1)
      perEmail.push((await ask({ orderId: `ABCDEF00000${i}`, email, name: 'A' })).statusCode);
    expect(perEmail).toEqual([202, 202, 202, 202, 202, 429]);

    // Per client: 10 an hour, across orders and emails.
    const ip = '198.51.100.250';
    const perClient = [];
    for (let i = 0; i < 11; i += 1)
      perClient.push((await ask({ orderId: 900_000 + i, email: `c${i}@example.com`, name: 'A' }, ip)).statusCode);
    expect(perClient.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(perClient[10]).toBe(429);
  });

  it('refuses missing fields with their messages', async () => {
    const missing = await ask({ orderId: 'not a reference', email: 'not an email', name: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['email', 'name', 'orderId']);
    expect(missing.json().fields.orderId).toBe('Enter the order reference.');
  });
});
