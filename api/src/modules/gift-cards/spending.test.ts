import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';
import { groupedCode } from './codes.js';
import { balanceCents, grantStoreCredit } from './ledger.js';
import { issueTestCard, roundFigures } from './test-support.js';
import { redactUrl } from '../../platform/security/redact.js';

/**
 * Spending gift cards and store credit at checkout (YEAR.md section 3): they pay after any
 * discount code, the provider or the courier takes the rest, a card covering all of it pays the
 * order at once, and a closed checkout gives back what it held; a refund takes from the provider
 * first, up to what it took, and gives the rest back to the cards.
 */
const t = useTestApp({ admin: true, smtp: true });
afterEach(() => {
  vi.restoreAllMocks();
});

// Delivery free from 0: an order costs its goods, figures stay round.
beforeAll(() => roundFigures(t));

/** A shopper whose cart holds 2 × 49.00. */
async function shopper() {
  const user = await t.createUser();
  await addCartLine(t.db, user, await t.createProduct({ priceCents: 4900, stock: 5 }), { quantity: 2 });
  return user;
}

const quote = (user: CreatedUser, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    headers: bearer(user),
    payload: { deliveryMethod: 'address', ...body },
  });

const checkout = (user: CreatedUser, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod: 'card', ...body },
  });

const pay = (sessionId: string, path = '') =>
  t.app.inject({
    method: 'POST',
    url: `/pay/${sessionId}${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'cardNumber=4242+4242+4242+4242&expiry=12%2F39&cvc=123&name=Ana',
  });

const orderOf = async (user: CreatedUser, id: number) =>
  (await t.app.inject({ url: `/api/orders/${id}`, headers: bearer(user) })).json<Record<string, unknown>>();

describe('the quote', () => {
  it('applies cards after the discount, read ignoring case, spaces and hyphens, then the store credit', async () => {
    const user = await shopper();
    const card = await issueTestCard(t.db, 3000);
    await t.db.transaction((tx) => grantStoreCredit(tx, user.id, 1500, 'Return', 'return:9'));
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: bearer(t.admin),
      payload: { code: `TEN-${card.id}`, kind: 'percent', value: 10 },
    });
    expect(code.statusCode, code.body).toBe(201);
    const typed = ` ${groupedCode(card.code).toLowerCase().replace('-', ' ')} `;
    const answer = await quote(user, { discountCode: `TEN-${card.id}`, giftCards: [typed], useStoreCredit: true });
    expect(answer.statusCode, answer.body).toBe(200);
    // 98.00 − 9.80 = 88.20: the card pays 30.00, the credit 15.00, 43.20 is left.
    expect(answer.json()).toMatchObject({
      total: 88.2,
      giftCards: [{ code: card.last4, amount: 30 }],
      storeCredit: 15,
      amountDue: 43.2,
    });
    const without = await quote(user, {});
    expect(without.json()).toMatchObject({ giftCards: [], storeCredit: 0, amountDue: 98 });
  });

  it('refuses an unknown card (404), an expired one and an empty or voided one (409)', async () => {
    const user = await shopper();
    const expired = await issueTestCard(t.db, 1000, { expiresAt: new Date(Date.now() - 1000) });
    const empty = await issueTestCard(t.db, 1000);
    await checkout(user, { giftCards: [empty.code] });
    const refusals = await Promise.all(
      ['0000-0000-0000-0000', 'not a code', expired.code, empty.code].map(async (code) =>
        (await quote(await shopper(), { giftCards: [code] })).json<{ code: string }>(),
      ),
    );
    expect(refusals.map((body) => body.code)).toEqual([
      'GIFT_CARD_NOT_FOUND',
      'GIFT_CARD_NOT_FOUND',
      'GIFT_CARD_EXPIRED',
      'GIFT_CARD_EMPTY',
    ]);
    // The error never repeats the code typed.
    expect(JSON.stringify(refusals)).not.toContain(expired.code);
  });
});

describe('the checkout', () => {
  it('charges the provider the rest, holds the card, and gives it back when the checkout is cancelled', async () => {
    const user = await shopper();
    const card = await issueTestCard(t.db, 4000);
    const started = await checkout(user, { giftCards: [card.code] });
    expect(started.statusCode, started.body).toBe(201);
    const { orderId, sessionId, next } = started.json<{ orderId: number; sessionId: string; next: string }>();
    expect(next).toBe('payment');
    expect(await balanceCents(t.db, { cardId: card.id })).toBe(0);
    expect(await orderOf(user, orderId)).toMatchObject({
      total: 98,
      giftCards: [{ code: card.last4, amount: 40 }],
      storeCredit: 0,
      amountDue: 58,
    });
    expect((await pay(sessionId, '/cancel')).statusCode).toBe(303);
    expect(await balanceCents(t.db, { cardId: card.id })).toBe(4000);

    // Again, paid on the provider's page: the page takes the 58.00 left and the card stays spent.
    const again = (await checkout(user, { giftCards: [card.code] })).json<{ orderId: number; sessionId: string }>();
    expect((await pay(again.sessionId)).statusCode).toBe(303);
    expect(await orderOf(user, again.orderId)).toMatchObject({ status: 'paid', amountDue: 58 });
    expect(await balanceCents(t.db, { cardId: card.id })).toBe(0);
  });

  it('pays an order the cards and credit cover at once, with no provider page; a new checkout first gives back the earlier hold', async () => {
    const user = await shopper();
    const first = await issueTestCard(t.db, 6000);
    const second = await issueTestCard(t.db, 6000);
    await t.db.transaction((tx) => grantStoreCredit(tx, user.id, 500, 'Goodwill', 'admin:1'));
    // A first checkout holds the first card; the second replaces it and takes both cards.
    await checkout(user, { giftCards: [first.code] });
    const response = await checkout(user, { giftCards: [first.code, second.code], useStoreCredit: true });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<{ orderId: number; sessionId: string | null; next: string }>();
    expect(answer).toMatchObject({ sessionId: null, next: 'confirmation' });
    expect(await orderOf(user, answer.orderId)).toMatchObject({
      status: 'paid',
      giftCards: [
        { code: first.last4, amount: 60 },
        { code: second.last4, amount: 38 },
      ],
      storeCredit: 0,
      amountDue: 0,
    });
    expect(await balanceCents(t.db, { cardId: first.id })).toBe(0);
    expect(await balanceCents(t.db, { cardId: second.id })).toBe(2200);
    expect(await balanceCents(t.db, { userId: user.id })).toBe(500);
  });
});

describe('a refund', () => {
  const admin = (id: number, step: string, payload: object, key = `${step}-${id}`) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/${step}`,
      headers: { ...bearer(t.admin), 'idempotency-key': key },
      payload,
    });

  it('gives back through the provider first, up to what it took, and the rest to the card; the mail says which', async () => {
    const user = await shopper();
    const card = await issueTestCard(t.db, 4000);
    const started = (await checkout(user, { giftCards: [card.code] })).json<{ orderId: number; sessionId: string }>();
    expect((await pay(started.sessionId)).statusCode).toBe(303);
    const provider = vi.spyOn(t.app.payments, 'refund');

    // 98.00 paid: 58.00 on the provider's page, 40.00 by the card. 70.00 back: 58.00 to the card paid with, 12.00 to the gift card.
    const first = await admin(started.orderId, 'refund', { amount: 70 });
    expect(first.statusCode, first.body).toBe(200);
    await t.effectsRun();
    expect(provider).toHaveBeenCalledTimes(1);
    expect(provider.mock.calls[0]![1]).toBe(5800);
    expect(await balanceCents(t.db, { cardId: card.id })).toBe(1200);
    // The rest, 28.00, is the card's alone: the provider is not asked again.
    const rest = await admin(started.orderId, 'refund', { amount: 28 }, 'the-rest-of-it');
    expect(rest.statusCode, rest.body).toBe(200);
    await t.effectsRun();
    expect(provider).toHaveBeenCalledTimes(1);
    expect(await balanceCents(t.db, { cardId: card.id })).toBe(4000);
    await t.effectsRun();
    const told = t.smtp.messages.filter((mail) => mail.to.includes(user.email) && /refund/i.test(mail.subject));
    expect(told.map((mail) => mail.text)).toEqual([
      expect.stringContaining('We refunded $58.00 to the card you paid with, and $12.00 to the gift cards'),
      expect.stringContaining('We gave back $28.00 to the gift cards and store credit you paid with.'),
    ]);
  });

  it('of an order the cards paid in full, and of a cash-on-delivery order cancelled, goes back to the cards alone', async () => {
    const provider = vi.spyOn(t.app.payments, 'refund');
    const covered = await shopper();
    const full = await issueTestCard(t.db, 10000);
    const paid = (await checkout(covered, { giftCards: [full.code] })).json<{ orderId: number }>();
    expect((await admin(paid.orderId, 'cancel', {})).statusCode).toBe(200);
    await t.effectsRun();
    expect(await orderOf(covered, paid.orderId)).toMatchObject({ status: 'refunded', refunded: 98 });
    expect(await balanceCents(t.db, { cardId: full.id })).toBe(10000);

    const cod = await shopper();
    const part = await issueTestCard(t.db, 3000);
    const placed = await checkout(cod, { giftCards: [part.code], paymentMethod: 'cod' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await balanceCents(t.db, { cardId: part.id })).toBe(0);
    expect((await admin(placed.json<{ orderId: number }>().orderId, 'cancel', {})).statusCode).toBe(200);
    expect(await balanceCents(t.db, { cardId: part.id })).toBe(3000);
    expect(provider).not.toHaveBeenCalled();
  });

  it('of a cash-on-delivery order the courier collected: the cash first (the owner pays it back), then the card', async () => {
    const provider = vi.spyOn(t.app.payments, 'refund');
    const user = await shopper();
    const card = await issueTestCard(t.db, 4000);
    const placed = await checkout(user, { giftCards: [card.code], paymentMethod: 'cod' });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json<{ orderId: number }>();
    // 98.00: 40.00 by the card, 58.00 collected at the door yesterday.
    const at = new Date(Date.now() - 86_400_000);
    await t.db
      .update(orders)
      .set({ status: 'paid', fulfilment: 'delivered', paidAt: at, shippedAt: at, deliveredAt: at })
      .where(eq(orders.id, orderId));
    const [line] = (await orderOf(user, orderId)).items as { id: number }[];
    const returnOne = async () => {
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/returns`,
        headers: bearer(user),
        payload: { lines: [{ orderItemId: line!.id, quantity: 1, reason: 'too-small' }], outcome: 'refund' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const received = await t.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${asked.json().return.id}/receive`,
        headers: bearer(t.admin),
        payload: { lines: [{ orderItemId: line!.id, quantity: 1, condition: 'resell' }] },
      });
      expect(received.json().return.status, received.body).toBe('refunded');
    };
    await returnOne();
    // 49.00 back, all of it cash (the owner's bank transfer): the card gets nothing yet.
    expect(await balanceCents(t.db, { cardId: card.id })).toBe(0);
    expect(await orderOf(user, orderId)).toMatchObject({ status: 'paid', refunded: 49 });
    await returnOne();
    // 49.00 more: the 9.00 of cash left, and 40.00 back to the card.
    expect(await balanceCents(t.db, { cardId: card.id })).toBe(4000);
    expect(await orderOf(user, orderId)).toMatchObject({ refunded: 98 });
    expect(provider).not.toHaveBeenCalled();
  });
});

describe('the balance check', () => {
  it('answers balance, currency and expiry by code; ten wrong codes a minute, then 429; the code never logged', async () => {
    const card = await issueTestCard(t.db, 2550);
    const check = (code: string) =>
      t.app.inject({ url: `/api/gift-cards/${encodeURIComponent(code)}`, remoteAddress: '203.0.113.1' });
    const right = await check(groupedCode(card.code).toLowerCase());
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ balance: 25.5, currency: 'USD', expiresAt: expect.any(String) as string });
    for (let wrong = 0; wrong < 10; wrong += 1) {
      expect((await check(`WRONG-${wrong}`)).json()).toMatchObject({ code: 'GIFT_CARD_NOT_FOUND' });
    }
    expect((await check('WRONG-11')).statusCode).toBe(429);
    expect(redactUrl(`/api/gift-cards/${card.code}`)).toBe('/api/gift-cards/[redacted]');
    expect(redactUrl('/api/gift-cards/checkout')).toBe('/api/gift-cards/checkout');
  });

  it('counts an IPv6 client by its /64: a new address in it for each guess is still the eleventh wrong code', async () => {
    const guess = (n: number) =>
      t.app.inject({ url: `/api/gift-cards/WRONG-${n}`, remoteAddress: `2001:db8:49:1::${(n + 1).toString(16)}` });
    for (let wrong = 0; wrong < 10; wrong += 1) expect((await guess(wrong)).statusCode).toBe(404);
    expect((await guess(10)).statusCode).toBe(429);
  });

  it('never refuses a shopper checking their own card, again and again and several at once', async () => {
    const card = await issueTestCard(t.db, 1000);
    const check = () => t.app.inject({ url: `/api/gift-cards/${card.code}`, remoteAddress: '203.0.113.3' });
    for (let again = 0; again < 15; again += 1) expect((await check()).statusCode).toBe(200);
    const together = await Promise.all(Array.from({ length: 5 }, check));
    expect(together.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });

  it('counts the wrong codes typed at the quote and the checkout with its own: the eleventh in a minute is 429', async () => {
    const user = await shopper();
    const card = await issueTestCard(t.db, 1000);
    const from = { remoteAddress: '203.0.113.2' };
    const quoted = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        headers: bearer(user),
        payload: { deliveryMethod: 'address', giftCards: [code] },
        ...from,
      });
    for (let wrong = 0; wrong < 6; wrong += 1) {
      expect((await quoted(`WRONG-${wrong}`)).json()).toMatchObject({ code: 'GIFT_CARD_NOT_FOUND' });
    }
    // A right code gives its try back.
    expect((await quoted(card.code)).statusCode).toBe(200);
    for (let wrong = 6; wrong < 10; wrong += 1) {
      expect((await t.app.inject({ url: `/api/gift-cards/WRONG-${wrong}`, ...from })).statusCode).toBe(404);
    }
    // The eleventh try is refused before any code is looked at, a right one too.
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(user),
      payload: { delivery: TEST_DELIVERY, paymentMethod: 'card', giftCards: [card.code] },
      ...from,
    });
    expect(blocked.statusCode, blocked.body).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
