import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effects, paymentEvents, productStock, refunds } from '../../db/schema.js';
import { createTestApp, type TestApp, effectsRun } from '../../test/app.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import {
  addCartLine,
  cartOf,
  checkout,
  orderOf,
  sendStripeWebhook,
  stripeSessionEvent,
  TEST_DELIVERY,
} from './test-support.js';

/** A stand-in for api.stripe.com that records what the SDK sends and answers like Stripe. */
interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

const WEBHOOK_SECRET = 'whsec_test_secret';
const requests: RecordedRequest[] = [];
let failNext = false;
let fake: Server;
let t: TestApp;
let smtp: TestSmtpServer;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  let sequence = 0;
  fake = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, form });
      response.setHeader('content-type', 'application/json');
      if (failNext) {
        failNext = false;
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such thing' } }));
        return;
      }
      sequence += 1;
      if (request.url === '/v1/refunds') {
        response.end(
          JSON.stringify({
            id: `re_test_fake${sequence}`,
            object: 'refund',
            amount: Number(form.get('amount')),
            payment_intent: form.get('payment_intent'),
            status: 'succeeded',
          }),
        );
        return;
      }
      const id = `cs_test_fake${sequence.toString().padStart(4, '0')}`;
      response.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: null,
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          metadata: { orderId: form.get('metadata[orderId]') },
          payment_status: 'unpaid',
          status: 'open',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    STRIPE_SECRET_KEY: 'sk_test_fake_key',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_key',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await new Promise((resolve) => fake.close(resolve));
});

/** A shopper with 2 × 49.99 and 1 × 120.00 in the cart and an open Stripe session. */
async function openSession() {
  const user = await createUser(t.db);
  const hoodie = await createProduct(t.db, { priceCents: 4999, name: 'Noir Hoodie' });
  const coat = await createProduct(t.db, { priceCents: 12000, name: 'Bone Coat' });
  await addCartLine(t.db, user, hoodie, { quantity: 2, size: 'M' });
  await addCartLine(t.db, user, coat, { quantity: 1, size: 'L', color: 1 });
  const session = await checkout(t.app, user);
  const order = await orderOf(t.db, session.sessionId);
  return { user, session, order };
}

let eventSequence = 0;
interface SessionFields {
  id: string;
  orderId: number;
  amount: number;
  currency?: string;
  paymentStatus?: 'paid' | 'unpaid';
}
function event(type: string, session: SessionFields, id = `evt_test_${(eventSequence += 1)}`) {
  const paymentStatus =
    session.paymentStatus ?? (type.includes('expired') || type.includes('failed') ? 'unpaid' : 'paid');
  return stripeSessionEvent(
    type,
    {
      id: session.id,
      reference: String(session.orderId),
      metadata: { orderId: String(session.orderId) },
      amountCents: session.amount,
      currency: session.currency,
      paymentIntent: `pi_test_${session.orderId}`,
      paymentStatus,
    },
    id,
  );
}

const deliver = (payload: string, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) =>
  sendStripeWebhook(t.app, payload, { ...options, secret: options.secret ?? WEBHOOK_SECRET });

const fields = (
  opened: Awaited<ReturnType<typeof openSession>>,
  overrides: Partial<SessionFields> = {},
): SessionFields => ({
  id: opened.session.sessionId,
  orderId: opened.order.id,
  amount: opened.order.totalCents,
  ...overrides,
});

describe('Stripe Checkout session', () => {
  it('tells the web app that Stripe is the provider', async () => {
    const info = await t.app.inject('/api/checkout');
    expect(info.json()).toEqual({ provider: 'stripe', cardPayments: true, currency: 'USD' });
  });

  it('opens a Checkout Session with price_data lines, return URLs, order reference, email, expiry and an idempotency key', async () => {
    requests.length = 0;
    const { user, session, order } = await openSession();
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.sessionId}`);
    expect(order).toMatchObject({ status: 'pending', paymentProvider: 'stripe', totalCents: 21998, currency: 'USD' });

    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent?.headers.authorization).toBe('Bearer sk_test_fake_key');
    expect(sent?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent?.headers['idempotency-key']).toBe(`checkout-order-${order.id}-${order.createdAt.getTime()}`);
    const form = sent!.form;
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4999',
      'line_items[0][price_data][product_data][name]': 'Noir Hoodie',
      'line_items[0][price_data][product_data][description]': 'Onyx · M',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][unit_amount]': '12000',
      success_url: 'http://shop.test/checkout-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/checkout-cancelled?session_id={CHECKOUT_SESSION_ID}',
      client_reference_id: String(order.id),
      'metadata[orderId]': String(order.id),
      customer_email: user.email,
      locale: 'en',
    });
    const expiresAt = Number(form.get('expires_at'));
    expect(expiresAt * 1000 - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(expiresAt * 1000 - Date.now()).toBeLessThan(32 * 60_000);
  });

  it("expires the shopper's earlier open session on Stripe when a second checkout replaces it", async () => {
    const { user, session: first } = await openSession();
    requests.length = 0;
    const second = await checkout(t.app, user);
    expect((await orderOf(t.db, first.sessionId)).status).toBe('cancelled');
    expect((await orderOf(t.db, second.sessionId)).status).toBe('pending');
    // Closed after the checkout's commit, by the outbox (an effect of the first one's cancellation).
    await effectsRun(t.app);
    expect(requests.map((sent) => `${sent.method} ${sent.path}`).sort()).toEqual([
      `POST /v1/checkout/sessions`,
      `POST /v1/checkout/sessions/${first.sessionId}/expire`,
    ]);
  });

  it('answers 502 and leaves no order behind when Stripe refuses to open a session', async () => {
    const user = await createUser(t.db);
    await addCartLine(t.db, user, await createProduct(t.db), { quantity: 1 });
    await effectsRun(t.app);
    failNext = true;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(user),
      payload: { delivery: TEST_DELIVERY },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: expect.stringContaining('payment provider'), code: 'INTERNAL' });
    const orders = await t.app.inject({ url: '/api/orders', headers: bearer(user) });
    expect(orders.json()).toEqual([]);
    expect(await cartOf(t.db, user.id)).toHaveLength(1);
  });
});

describe('POST /api/payments/webhook', () => {
  it('pays the order on checkout.session.completed: cart emptied, one confirmation mail', async () => {
    const opened = await openSession();
    await effectsRun(t.app);
    const mailsBefore = smtp.messages.length;
    const response = await deliver(event('checkout.session.completed', fields(opened)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const order = await orderOf(t.db, opened.session.sessionId);
    expect(order.status).toBe('paid');
    expect(await cartOf(t.db, opened.user.id)).toEqual([]);
    await effectsRun(t.app);
    const mails = smtp.messages.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([opened.user.email]);
    expect(mails[0]?.text).toContain('1 × Bone Coat (Bone, L)  $120.00');
  });

  it(
    'applies one event delivered 10 times (5 at once) exactly once: one transition, one mail',
    { tags: ['engine'] },
    async () => {
      const opened = await openSession();
      await effectsRun(t.app);
      const mailsBefore = smtp.messages.length;
      const payload = event('checkout.session.completed', fields(opened), 'evt_replayed_once');
      const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
      const sequential = [];
      for (let i = 0; i < 5; i += 1) sequential.push(await deliver(payload));
      expect([...concurrent, ...sequential].map((response) => response.statusCode)).toEqual(Array(10).fill(200));

      const order = await orderOf(t.db, opened.session.sessionId);
      expect(order.status).toBe('paid');
      await effectsRun(t.app);
      expect(smtp.messages.slice(mailsBefore)).toHaveLength(1);
      const recorded = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_replayed_once'));
      expect(recorded).toHaveLength(1);
      // A different event for the same payment changes nothing either.
      await deliver(event('checkout.session.async_payment_succeeded', fields(opened)));
      expect((await orderOf(t.db, opened.session.sessionId)).paidAt).toEqual(order.paidAt);
      await effectsRun(t.app);
      expect(smtp.messages.slice(mailsBefore)).toHaveLength(1);
    },
  );

  it('marks an expired session expired, yet a payment completed after it still counts', async () => {
    const opened = await openSession();
    await deliver(event('checkout.session.expired', fields(opened)));
    expect((await orderOf(t.db, opened.session.sessionId)).status).toBe('expired');
    await deliver(event('checkout.session.completed', fields(opened)));
    expect((await orderOf(t.db, opened.session.sessionId)).status).toBe('paid');
  });

  it('gives the reserved stock back on an expired or failed session, and sells it on payment', async () => {
    const stockOf = async (colorId: number) =>
      (await t.db.select().from(productStock).where(eq(productStock.colorId, colorId)))[0]!;
    for (const type of [
      'checkout.session.expired',
      'checkout.session.async_payment_failed',
      'checkout.session.completed',
    ]) {
      const user = await createUser(t.db);
      const product = await createProduct(t.db, { stock: 4, sizes: ['M'], colors: ['Onyx'] });
      await addCartLine(t.db, user, product, { quantity: 3, size: 'M' });
      const session = await checkout(t.app, user);
      const order = await orderOf(t.db, session.sessionId);
      // Stripe closes the session when the order lapses: the same moment.
      const sent = requests.findLast((request) => request.path === '/v1/checkout/sessions')!.form.get('expires_at');
      expect(Number(sent)).toBe(Math.floor(order.expiresAt!.getTime() / 1000));
      expect(await stockOf(product.colors[0]!.id)).toMatchObject({ onHand: 4, reserved: 3 });
      await deliver(event(type, { id: session.sessionId, orderId: order.id, amount: order.totalCents }));
      expect(await stockOf(product.colors[0]!.id)).toMatchObject(
        type === 'checkout.session.completed' ? { onHand: 1, reserved: 0 } : { onHand: 4, reserved: 0 },
      );
    }
  });

  it('refunds through Stripe with an idempotency key: the same key refunds once, on both sides', async () => {
    const opened = await openSession();
    await deliver(event('checkout.session.completed', fields(opened)));
    expect((await orderOf(t.db, opened.session.sessionId)).paymentReference).toBe(`pi_test_${opened.order.id}`);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    requests.length = 0;
    const refund = (key: string, amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${opened.order.id}/refund`,
        headers: { ...bearer(admin), 'idempotency-key': key },
        payload: { amount },
      });
    expect((await refund('admin-click-0001', 20)).json()).toMatchObject({ status: 'paid', refunded: 20 });
    expect((await refund('admin-click-0001', 20)).json()).toMatchObject({ refunded: 20 });
    const rest = (opened.order.totalCents - 2000) / 100;
    expect((await refund('admin-click-0002', rest)).json()).toMatchObject({ status: 'refunded' });
    await effectsRun(t.app);
    const sent = requests.filter((request) => request.path === '/v1/refunds');
    expect(sent).toHaveLength(2);
    expect(Object.fromEntries(sent[0]!.form)).toMatchObject({
      payment_intent: `pi_test_${opened.order.id}`,
      amount: '2000',
    });
    expect(sent[0]!.headers['idempotency-key']).toMatch(
      new RegExp(`^refund-order-${opened.order.id}-\\d+-admin-click-0001$`),
    );
    expect(sent[1]!.form.get('amount')).toBe(String(opened.order.totalCents - 2000));
  });

  it('makes a refund Stripe refused at first once it answers, under the same key, applied once', async () => {
    const opened = await openSession();
    await deliver(event('checkout.session.completed', fields(opened)));
    const admin = await createUser(t.db, { role: 'ADMIN' });
    await effectsRun(t.app);
    requests.length = 0;
    failNext = true;
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${opened.order.id}/refund`,
      headers: { ...bearer(admin), 'idempotency-key': 'retry-click-0001' },
      payload: { amount: 5 },
    });
    // The owner's step is recorded at once; the provider is asked after commit.
    expect(answer.json()).toMatchObject({ status: 'paid', refunded: 5 });
    await effectsRun(t.app);
    const [effect] = await t.db
      .select()
      .from(effects)
      .where(eq(effects.kind, 'payment.refund'))
      .orderBy(desc(effects.id))
      .limit(1);
    expect(effect).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(effect!.lastError).toMatch(/No such thing/);
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.orderId, opened.order.id));
    expect(pending!.providerRefundId).toBeNull();
    // Its backoff over, it runs again and the refund is made.
    await t.db
      .update(effects)
      .set({ runAfter: new Date(Date.now() - 1000) })
      .where(eq(effects.id, effect!.id));
    await effectsRun(t.app);
    const sent = requests.filter((request) => request.path === '/v1/refunds');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers['idempotency-key']).toBe(sent[1]!.headers['idempotency-key']);
    const [made] = await t.db.select().from(refunds).where(eq(refunds.orderId, opened.order.id));
    expect(made!.providerRefundId).toMatch(/^re_test_fake/);
    expect((await orderOf(t.db, opened.session.sessionId)).refundedCents).toBe(500);
  });

  it(
    'applies one of 20 simultaneous refunds of all that remains; the others are refused, Stripe asked once',
    { tags: ['engine'] },
    async () => {
      const opened = await openSession();
      await deliver(event('checkout.session.completed', fields(opened)));
      const admin = await createUser(t.db, { role: 'ADMIN' });
      await effectsRun(t.app);
      requests.length = 0;
      const all = opened.order.totalCents / 100;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          t.app.inject({
            method: 'POST',
            url: `/api/admin/orders/${opened.order.id}/refund`,
            headers: { ...bearer(admin), 'idempotency-key': `race-click-${index}` },
            payload: { amount: all },
          }),
        ),
      );
      expect(
        answers.filter((one) => one.statusCode === 200),
        answers.map((one) => `${one.statusCode} ${one.body.slice(0, 120)}`).join('\n'),
      ).toHaveLength(1);
      const refused = answers.filter((one) => one.statusCode === 409);
      expect(refused).toHaveLength(19);
      for (const one of refused) expect(one.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
      await effectsRun(t.app);
      expect(requests.filter((request) => request.path === '/v1/refunds')).toHaveLength(1);
      const order = await orderOf(t.db, opened.session.sessionId);
      expect(order).toMatchObject({ status: 'refunded', refundedCents: opened.order.totalCents });
    },
  );

  it('never changes a paid order on a late expired or failed event', async () => {
    const opened = await openSession();
    await deliver(event('checkout.session.completed', fields(opened)));
    await deliver(event('checkout.session.expired', fields(opened)));
    await deliver(event('checkout.session.async_payment_failed', fields(opened)));
    expect((await orderOf(t.db, opened.session.sessionId)).status).toBe('paid');
  });

  it('waits for a delayed payment method: completed-but-unpaid keeps pending, then succeeded or failed decides', async () => {
    const later = await openSession();
    await deliver(event('checkout.session.completed', fields(later, { paymentStatus: 'unpaid' })));
    expect((await orderOf(t.db, later.session.sessionId)).status).toBe('pending');
    await deliver(event('checkout.session.async_payment_succeeded', fields(later)));
    expect((await orderOf(t.db, later.session.sessionId)).status).toBe('paid');

    const failing = await openSession();
    await deliver(event('checkout.session.async_payment_failed', fields(failing)));
    expect((await orderOf(t.db, failing.session.sessionId)).status).toBe('failed');
    expect(await cartOf(t.db, failing.user.id)).toHaveLength(2);
  });

  it.each([
    ['amount', { amount: 100 }],
    ['currency', { currency: 'eur' }],
    ['order id', { orderId: 999_999 }],
  ])('does not pay when the %s does not match the order', async (_label, override) => {
    const opened = await openSession();
    await effectsRun(t.app);
    const mailsBefore = smtp.messages.length;
    const response = await deliver(event('checkout.session.completed', fields(opened, override)));
    expect(response.statusCode).toBe(200);
    expect((await orderOf(t.db, opened.session.sessionId)).status).toBe('pending');
    expect(await cartOf(t.db, opened.user.id)).toHaveLength(2);
    await effectsRun(t.app);
    expect(smtp.messages.slice(mailsBefore)).toHaveLength(0);
  });

  it.each([
    ['no signature', { signature: null }],
    ['a garbage signature', { signature: 't=1,v1=deadbeef' }],
    ['another secret', { secret: 'whsec_someone_else' }],
    ['a signature older than 300 s', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
  ])('answers 400 and changes nothing for %s', async (_label, options) => {
    const opened = await openSession();
    const response = await deliver(event('checkout.session.completed', fields(opened)), options);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The webhook signature is missing or invalid.', code: 'BAD_REQUEST' });
    expect((await orderOf(t.db, opened.session.sessionId)).status).toBe('pending');
  });

  it('refuses a body that was changed after signing', async () => {
    const opened = await openSession();
    const payload = event('checkout.session.completed', fields(opened));
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace(`"amount_total":${opened.order.totalCents}`, '"amount_total":1');
    expect((await deliver(tampered, { signature })).statusCode).toBe(400);
  });

  it('acknowledges events for unknown sessions and types it does not act on', async () => {
    expect(
      (await deliver(event('checkout.session.completed', { id: 'cs_test_unknown', orderId: 1, amount: 1 }))).statusCode,
    ).toBe(200);
    expect((await deliver(event('customer.created', { id: 'cus_1', orderId: 1, amount: 1 }))).statusCode).toBe(200);
  });
});
