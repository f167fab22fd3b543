import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, orders } from '../../db/schema.js';
import { effectsRun } from '../../test/app.js';
import { createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, cartOf, checkout, orderOf } from './test-support.js';

const t = useTestApp({ smtp: true });

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const goodCard = { name: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

function pay(sessionId: string, fields: Record<string, string> = goodCard) {
  return t.app.inject({
    method: 'POST',
    url: `/pay/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
}
const cancel = (sessionId: string) => t.app.inject({ method: 'POST', url: `/pay/${sessionId}/cancel` });

/** A shopper with two lines in the cart (2 × 49.99 and 1 × 120.00) and an open session for them. */
async function openSession(options: { locale?: 'en' | 'bg'; lang?: 'en' | 'bg' } = {}) {
  const user = await createUser(t.db, { locale: options.locale });
  const hoodie = await createProduct(t.db, {
    priceCents: 4999,
    name: 'Noir Hoodie',
    bgName: 'Черен суитшърт',
    colorsBg: ['Оникс'],
  });
  const coat = await createProduct(t.db, { priceCents: 12000, name: 'Bone Coat' });
  await addCartLine(t.db, user, hoodie, { quantity: 2, size: 'M' });
  await addCartLine(t.db, user, coat, { quantity: 1, size: 'L', color: 1 });
  const session = await checkout(t.app, user, options.lang);
  return { user, hoodie, coat, session };
}

describe('GET /pay/:sessionId', () => {
  it('is a server-rendered test payment page with the amount and the card form, and no script', async () => {
    const { session } = await openSession();
    expect(session.url).toBe(`/pay/${session.sessionId}`);
    const page = await t.app.inject(session.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Test payment page');
    expect(page.body).toContain('$219.98');
    expect(page.body).toContain('Noir Hoodie');
    expect(page.body).toContain(`action="/pay/${session.sessionId}"`);
    expect(page.body).toContain(`action="/pay/${session.sessionId}/cancel"`);
    for (const field of ['name', 'cardNumber', 'expiry', 'cvc']) expect(page.body).toContain(`name="${field}"`);
    expect(page.body).not.toMatch(/<script/i);
  });

  it("names the order by its public reference, never by the internal number, in the order's language", async () => {
    for (const [locale, heading] of [
      ['en', 'Order'],
      ['bg', 'Поръчка'],
    ] as const) {
      const { session } = await openSession({ locale });
      const order = await orderOf(t.db, session.sessionId);
      expect(order.reference).toMatch(/^[0-9A-F]{12}$/);
      const page = await t.app.inject(session.url);
      expect(page.body).toContain(`<h2 id="order-heading">${heading} ${order.reference}</h2>`);
      expect(page.body).not.toContain(`#${order.id}<`);
      expect(page.body).not.toContain(`№${order.id}<`);
    }
  });

  it('speaks the language of the order, and so does the confirmation mail', async () => {
    const { session, user } = await openSession({ locale: 'bg' });
    const page = await t.app.inject(session.url);
    expect(page.body).toContain('<html lang="bg">');
    expect(page.body).toContain('Тестова страница за плащане');
    // Bulgarian letters in the expiry's placeholder (month and year: ММ/ГГ), not Latin MM/YY.
    expect(page.body).toContain('placeholder="ММ/ГГ"');
    expect(page.body).not.toContain('MM/YY');
    expect(page.body).toContain('Черен суитшърт');
    // Colours by their Bulgarian names; one without a Bulgarian name by its English one.
    expect(page.body).toContain('Оникс · M');
    expect(page.body).toContain('Bone · L');
    expect((await pay(session.sessionId)).statusCode).toBe(303);
    const mail = await t.smtp.waitFor(user.email);
    expect(mail.subject).toMatch(/^Поръчка [0-9A-F]{12} в Atelier Noir е потвърдена$/);
    expect(mail.text).toContain('2 × Черен суитшърт (Оникс, M)');
    expect(mail.text).toMatch(/1 × .+ \(Bone, L\)/);
    expect(mail.text).toContain('Общо (с включен ДДС): 219,98');
    const explicit = await openSession({ locale: 'bg', lang: 'en' });
    expect((await t.app.inject(explicit.session.url)).body).toContain('<html lang="en">');
  });

  it('answers 404 for an unknown session', async () => {
    const unknown = await t.app.inject('/pay/cs_local_doesnotexistdoesnotexist00');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This payment page does not exist.');
    expect((await t.app.inject('/pay/anything')).statusCode).toBe(404);
  });
});

describe('POST /pay/:sessionId', () => {
  it.each([
    ['a number failing Luhn', { cardNumber: '4242 4242 4242 4241' }, 402, 'This card number is not valid.'],
    [
      'a card that is neither Visa nor Mastercard',
      { cardNumber: '3782 822463 10005' },
      402,
      'Only Visa and Mastercard cards are accepted.',
    ],
    ['an expired card', { expiry: '01/20' }, 402, 'This card has expired.'],
    ['the decline test card', { cardNumber: '4000 0000 0000 0002' }, 402, 'Your card was declined.'],
    ['a missing number', { cardNumber: '' }, 400, 'Enter the card number'],
    ['a bad expiry', { expiry: '2034-12' }, 400, 'Enter the expiry date as MM/YY.'],
  ])('refuses %s with the page and the reason, and keeps the session open', async (_label, change, status, reason) => {
    const { session, user } = await openSession();
    const refused = await pay(session.sessionId, { ...goodCard, ...change });
    expect(refused.statusCode).toBe(status);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain(reason);
    expect(refused.body).toContain('role="alert"');
    expect(refused.body).toContain('value="Ada Lovelace"');
    expect(refused.body).not.toMatch(/value="\d{4} ?\d{4}/);
    expect((await orderOf(t.db, session.sessionId)).status).toBe('pending');
    expect(await cartOf(t.db, user.id)).toHaveLength(2);

    const retry = await pay(session.sessionId);
    expect(retry.statusCode).toBe(303);
  });

  it('pays with a valid card: 303 to the success page, order paid, cart emptied, one confirmation mail', async () => {
    await effectsRun(t.app);
    const mailsBefore = t.smtp.messages.length;
    const { session, user } = await openSession();
    const paid = await pay(session.sessionId, { ...goodCard, cardNumber: '5555 5555 5555 4444' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/checkout-success?session_id=${session.sessionId}`);

    const order = await orderOf(t.db, session.sessionId);
    expect(order.status).toBe('paid');
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(await cartOf(t.db, user.id)).toEqual([]);
    await effectsRun(t.app);
    const mails = t.smtp.messages.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([user.email]);
    expect(mails[0]?.subject).toBe(`Your Atelier Noir order ${order.reference} is confirmed`);
    expect(mails[0]?.text).toContain('2 × Noir Hoodie (Onyx, M)  $99.98');
    expect(mails[0]?.text).toContain('1 × Bone Coat (Bone, L)  $120.00');
    expect(mails[0]?.text).toContain('Delivery: Free'); // from 100.00 on
    expect(mails[0]?.text).toContain('Total (VAT included): $219.98');
    expect(mails[0]?.html).toContain('Noir Hoodie (Onyx, M)');

    for (const again of [
      await t.app.inject(session.url),
      await pay(session.sessionId),
      await cancel(session.sessionId),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('This order is already paid.');
    }
  });

  it('removes only the quantities bought: lines added or grown after checkout stay', async () => {
    const { session, user, hoodie } = await openSession();
    const [hoodieLine] = await cartOf(t.db, user.id);
    // After checkout, in a second tab: two more hoodies and a new line.
    await t.db.update(cartItems).set({ quantity: 4 }).where(eq(cartItems.id, hoodieLine!.id));
    await addCartLine(t.db, user, hoodie, { quantity: 1, size: 'S' });
    expect((await pay(session.sessionId)).statusCode).toBe(303);
    const left = await cartOf(t.db, user.id);
    expect(left.map((line) => [line.productId, line.size, line.quantity])).toEqual([
      [hoodie.id, 'M', 2],
      [hoodie.id, 'S', 1],
    ]);
  });

  it('pays once when the form is submitted twice at the same moment', { tags: ['engine'] }, async () => {
    await effectsRun(t.app);
    const mailsBefore = t.smtp.messages.length;
    const { session } = await openSession();
    const answers = await Promise.all([pay(session.sessionId), pay(session.sessionId)]);
    // The later one lands on the success page too, or is told the order is already paid.
    expect(answers.map((answer) => answer.statusCode)).toContain(303);
    for (const answer of answers) expect([303, 409]).toContain(answer.statusCode);
    expect((await orderOf(t.db, session.sessionId)).status).toBe('paid');
    await effectsRun(t.app);
    expect(t.smtp.messages.slice(mailsBefore)).toHaveLength(1);
  });

  it('stops card guessing on one session with 429', async () => {
    const { session } = await openSession();
    let last = await pay(session.sessionId, { ...goodCard, cardNumber: '4000 0000 0000 0002' });
    for (let i = 0; i < 20; i += 1)
      last = await pay(session.sessionId, { ...goodCard, cardNumber: '4000 0000 0000 0002' });
    expect(last.statusCode).toBe(429);
    expect(last.body).toContain('Too many attempts.');
    expect(last.headers['retry-after']).toBeDefined();
  });
});

describe('POST /pay/:sessionId/cancel', () => {
  it('cancels the session: 303 to the cancelled page, cart intact, and it cannot be paid any more', async () => {
    const { session, user } = await openSession();
    const cancelled = await cancel(session.sessionId);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/checkout-cancelled?session_id=${session.sessionId}`);
    expect((await orderOf(t.db, session.sessionId)).status).toBe('cancelled');
    expect(await cartOf(t.db, user.id)).toHaveLength(2);

    const late = await pay(session.sessionId);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('This payment was cancelled.');
    expect(late.body).toContain('href="/cart"');
    expect((await cancel(session.sessionId)).statusCode).toBe(409);
  });
});

describe('session expiry', () => {
  it('marks a pending order expired after 30 minutes and answers 409', async () => {
    const { session } = await openSession();
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000), expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.paymentSessionId, session.sessionId));
    const page = await t.app.inject(session.url);
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This payment session has expired.');
    expect((await orderOf(t.db, session.sessionId)).status).toBe('expired');
    expect((await pay(session.sessionId)).statusCode).toBe(409);
  });
});
