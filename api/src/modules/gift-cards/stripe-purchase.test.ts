import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, ledgerEntries } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { sendStripeWebhook, stripeSessionEvent } from '../payments/test-support.js';
import { groupedCode } from './codes.js';

/**
 * Buying a gift card through the Stripe SDK (YEAR.md section 3): the session opened on a local
 * stand-in for api.stripe.com, then Stripe's signed webhook of its payment issues the card, once.
 */
const WEBHOOK_SECRET = 'whsec_gift_secret';
const opened: { path: string; form: URLSearchParams }[] = [];
let fake: Server;
const env: Record<string, string> = {
  STRIPE_SECRET_KEY: 'sk_test_gift_key',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_gift_key',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

// Before the app starts (its hook comes after this one): it talks to the stand-in's address.
beforeAll(async () => {
  fake = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      opened.push({ path: request.url ?? '', form: new URLSearchParams(body) });
      const id = `cs_test_gift${opened.length}`;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  env.STRIPE_API_BASE = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});

const t = useTestApp({ smtp: true, env });

/** Stripe's signed `checkout.session.completed` for a gift card's session. */
const paid = (sessionId: string, cardId: number, amountCents: number, eventId: string) =>
  sendStripeWebhook(
    t.app,
    stripeSessionEvent(
      'checkout.session.completed',
      {
        id: sessionId,
        reference: `gift-card-${cardId}`,
        metadata: { giftCardId: String(cardId) },
        amountCents,
        paymentIntent: `pi_test_gift_${cardId}`,
        paymentStatus: 'paid',
      },
      eventId,
    ),
    { secret: WEBHOOK_SECRET },
  );

describe('Buying a gift card through Stripe', () => {
  it("opens the card's session with the SDK, and the webhook's payment issues the card once and mails it", async () => {
    const buyer = await t.createUser({ name: 'Ivo Petrov' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/gift-cards/checkout',
      headers: bearer(buyer),
      payload: { amount: 75, recipientName: 'Ana Ivanova', recipientEmail: 'ana.stripe@example.com', lang: 'en' },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toEqual({ url: 'https://checkout.stripe.test/cs_test_gift1' });
    const [card] = await t.db.select().from(giftCards).where(eq(giftCards.paymentSessionId, 'cs_test_gift1'));
    expect(card).toMatchObject({ status: 'pending', paymentProvider: 'stripe', amountCents: 7500 });
    expect(opened).toHaveLength(1);
    expect(opened[0]!.path).toBe('/v1/checkout/sessions');
    expect(Object.fromEntries(opened[0]!.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '7500',
      'line_items[0][price_data][currency]': 'usd',
      'metadata[giftCardId]': String(card!.id),
      client_reference_id: `gift-card-${card!.id}`,
      success_url: 'http://shop.test/gift-cards?purchase=paid',
    });

    // Stripe reports the payment, then the same event again and a second one: one card, issued once.
    for (const eventId of ['evt_gift_1', 'evt_gift_1', 'evt_gift_2']) {
      const answer = await paid('cs_test_gift1', card!.id, 7500, eventId);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const [issued] = await t.db.select().from(giftCards).where(eq(giftCards.id, card!.id));
    expect(issued!.status).toBe('active');
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.cardId, card!.id), eq(ledgerEntries.kind, 'issued')));
    expect(entries.map((entry) => entry.cents)).toEqual([7500]);
    await t.effectsRun();
    expect((await t.smtp.waitFor('ana.stripe@example.com')).text).toContain(groupedCode(issued!.code));
  });

  it('leaves a card pending when the payment reported is not its amount', async () => {
    const buyer = await t.createUser();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/gift-cards/checkout',
      headers: bearer(buyer),
      payload: { amount: 30, recipientName: 'Eva', recipientEmail: 'eva.stripe@example.com', lang: 'en' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const sessionId = started.json<{ url: string }>().url.split('/').pop()!;
    const [card] = await t.db.select().from(giftCards).where(eq(giftCards.paymentSessionId, sessionId));
    expect((await paid(sessionId, card!.id, 2999, 'evt_gift_short')).statusCode).toBe(200);
    const [after] = await t.db.select().from(giftCards).where(eq(giftCards.id, card!.id));
    expect(after!.status).toBe('pending');
  });
});
