import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { effects, giftCards, ledgerEntries, saleDocuments } from '../../db/schema.js';
import { dayIn } from '../../platform/outbox/timed.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { handlePaymentEvent } from '../payments/service.js';
import { groupedCode } from './codes.js';
import { balanceCents } from './ledger.js';

/**
 * Buying a gift card (YEAR.md section 3): paid on the provider's page, issued once however often
 * the payment is reported, mailed to the recipient at the send date with a printable PDF, and a
 * purchase confirmation to the buyer, with no sale document.
 */
const t = useTestApp({ smtp: true });

const buy = (user: CreatedUser | null, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/gift-cards/checkout',
    headers: user ? bearer(user) : {},
    payload: { amount: 50, recipientName: 'Ana Ivanova', recipientEmail: 'Ana.Gift@example.com', lang: 'en', ...body },
  });

const pay = (url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'cardNumber=4242+4242+4242+4242&expiry=12%2F39&cvc=123&name=Ivo',
  });

const cardOf = async (url: string) => {
  const [card] = await t.db
    .select()
    .from(giftCards)
    .where(eq(giftCards.paymentSessionId, url.replace('/pay/', '')));
  return card!;
};

const issued = (cardId: number) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.cardId, cardId), eq(ledgerEntries.kind, 'issued')));

const day = (offsetDays: number) => dayIn(new Date(Date.now() + offsetDays * 86_400_000), 'Europe/Sofia');

describe('Buying a gift card', () => {
  it('pays on the built-in page, issues one card however often the payment is reported, mails both at once', async () => {
    const buyer = await t.createUser({ name: 'Ivo Petrov' });
    const documentsBefore = (await t.db.select().from(saleDocuments)).length;
    const started = await buy(buyer, { message: 'Happy birthday!' });
    expect(started.statusCode, started.body).toBe(201);
    const { url } = started.json<{ url: string }>();
    expect(url).toMatch(/^\/pay\/cs_local_/);
    // Unpaid, the card is unknown: nothing issued, nothing mailed.
    const pending = await cardOf(url);
    expect(pending).toMatchObject({ status: 'pending', amountCents: 5000, recipientEmail: 'ana.gift@example.com' });
    expect(await issued(pending.id)).toHaveLength(0);

    const paid = await pay(url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/gift-cards?purchase=paid');
    // Paid twice (a double submit) and reported again by another event: still one card.
    expect((await pay(url)).statusCode).toBe(409);
    const again = await handlePaymentEvent(
      t.db,
      {
        provider: 'local',
        eventId: 'evt_gift_again',
        type: 'checkout.session.async_payment_succeeded',
        outcome: 'paid',
        sessionId: pending.paymentSessionId!,
        orderId: null,
        amountCents: 5000,
        currency: 'USD',
        paymentReference: null,
      },
      { log: t.app.log },
    );
    expect(again).toMatchObject({ result: 'gift-card', card: { result: 'unchanged' } });
    expect(await issued(pending.id)).toHaveLength(1);
    expect(await balanceCents(t.db, { cardId: pending.id })).toBe(5000);
    const card = await cardOf(url);
    expect(card.status).toBe('active');
    // Valid 24 months by default.
    const months = (card.expiresAt.getTime() - card.createdAt.getTime()) / (30.44 * 86_400_000);
    expect(Math.round(months)).toBe(24);

    await t.effectsRun();
    const mail = await t.smtp.waitFor('ana.gift@example.com');
    expect(mail.subject).toBe('Ivo Petrov sent you an Atelier Noir gift card');
    expect(mail.text).toContain(groupedCode(card.code));
    expect(mail.text).toContain('Happy birthday!');
    expect(mail.raw).toMatch(/application\/pdf/);
    const confirmation = await t.smtp.waitFor(buyer.email);
    expect(confirmation.subject).toBe('Your gift card of $50.00: purchase confirmation');
    expect(confirmation.text).toContain('not a sale document');
    // The buyer never gets the code; the recipient's address is in the confirmation.
    expect(confirmation.text).not.toContain(card.code.slice(0, 12));
    // A multi-purpose voucher's sale is not a supply: no sale document.
    expect(await t.db.select().from(saleDocuments)).toHaveLength(documentsBefore);
    // The balance check now knows it.
    const balance = await t.app.inject(`/api/gift-cards/${groupedCode(card.code).toLowerCase()}`);
    expect(balance.json()).toMatchObject({ balance: 50, currency: 'USD' });
  });

  it('mails the recipient at the send date, once, and the buyer at once', async () => {
    const buyer = await t.createUser();
    const { url } = (await buy(buyer, { amount: 120, recipientEmail: 'later@example.com', sendAt: day(2) })).json<{
      url: string;
    }>();
    await pay(url);
    const card = await cardOf(url);
    await t.effectsRun();
    await t.smtp.waitFor(buyer.email);
    expect(t.smtp.messages.filter((mail) => mail.to.includes('later@example.com'))).toHaveLength(0);
    const key = `mail.gift-card:${card.id}`;
    const [due] = await t.db.select().from(effects).where(eq(effects.key, key));
    // 09:00 in Sofia on the day chosen.
    expect(dayIn(due!.runAfter, 'Europe/Sofia')).toBe(day(2));
    expect(due!.runAfter.getTime()).toBeGreaterThan(Date.now() + 86_400_000);

    // The send date comes (the effect's clock moved, as after a restart on that day).
    await t.db
      .update(effects)
      .set({ runAfter: new Date(Date.now() - 1000) })
      .where(eq(effects.key, key));
    await t.effectsRun();
    await t.smtp.waitFor('later@example.com');
    await t.effectsRun();
    expect(t.smtp.messages.filter((mail) => mail.to.includes('later@example.com'))).toHaveLength(1);
    expect((await cardOf(url)).sentAt).not.toBeNull();
  });

  it.each([
    ['an amount below 10', { amount: 5 }, 'amount'],
    ['an amount above 500', { amount: 501 }, 'amount'],
    ['an amount that is not whole', { amount: 25.5 }, 'amount'],
    ['a send date in the past', { sendAt: day(-2) }, 'sendAt'],
    ['a send date beyond a year', { sendAt: day(400) }, 'sendAt'],
    ['a recipient email that is not one', { recipientEmail: 'ana' }, 'recipientEmail'],
  ])('refuses %s (400 on the field), and makes no card', async (_name, body, field) => {
    const buyer = await t.createUser();
    const before = (await t.db.select().from(giftCards)).length;
    const answer = await buy(buyer, body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json<{ fields: Record<string, string> }>().fields).toHaveProperty(field);
    expect(await t.db.select().from(giftCards)).toHaveLength(before);
  });

  it('asks the buyer to sign in', async () => {
    expect((await buy(null, {})).statusCode).toBe(401);
  });
});
