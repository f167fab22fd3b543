import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, productSales } from '../../db/schema.js';
import { bearer, type CreatedProduct, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { expireLapsed } from '../orders/lifecycle.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

const t = useTestApp({ smtp: true, admin: true });

let codes = 0;
/** A code of its own for each test: the letters are unique ignoring case. */
const freshCode = (prefix = 'CODE') => `${prefix}-${(codes += 1)}`;

const createCode = async (body: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/discount-codes',
    headers: bearer(t.admin),
    payload: { code: freshCode(), kind: 'percent', value: 10, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; code: string; uses: number }>();
};

const quote = (user: CreatedUser, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    headers: bearer(user),
    payload: { deliveryMethod: 'address', paymentMethod: 'card', ...body },
  });

const checkout = (user: CreatedUser, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, ...body },
  });

/** A shopper whose cart holds `quantity` of a product at `cents`. */
async function shopperBuying(cents: number, quantity = 1, product?: CreatedProduct) {
  const user = await t.createUser();
  await addCartLine(t.db, user, product ?? (await t.createProduct({ priceCents: cents })), { quantity });
  return user;
}

describe('admin discount codes', () => {
  it('creates, lists, changes and deletes a code, audited; letters unique ignoring case', async () => {
    const created = await createCode({ code: 'Winter-25', kind: 'percent', value: 25, minSubtotal: 50 });
    expect(created).toMatchObject({
      code: 'Winter-25',
      kind: 'percent',
      value: 25,
      minSubtotal: 50,
      maxUsesPerCustomer: 1,
      includeSaleItems: false,
      active: true,
      uses: 0,
    });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: bearer(t.admin),
      payload: { code: 'WINTER-25', kind: 'amount', value: 10 },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.code).toBe('There is already a code with these letters (case does not matter)');
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/discount-codes/${created.id}`,
      headers: bearer(t.admin),
      payload: { code: 'winter-25', kind: 'amount', value: 12.5, active: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ code: 'winter-25', kind: 'amount', value: 12.5, active: false });
    const list = await t.app.inject({ url: '/api/admin/discount-codes', headers: bearer(t.admin) });
    expect(list.json().map((code: { id: number }) => code.id)).toContain(created.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/discount-codes/${created.id}`,
      headers: bearer(t.admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/discount-codes/${created.id}`,
          headers: bearer(t.admin),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a bad body with field errors, and anyone but an admin', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: bearer(t.admin),
      payload: { code: 'no spaces', kind: 'percent', value: 120 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      code: 'Give the code: 3 to 32 letters, digits, - or _',
      value: 'Give a whole percentage from 1 to 100',
    });
    const shopper = await t.createUser();
    const refused = await t.app.inject({ url: '/api/admin/discount-codes', headers: bearer(shopper) });
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /api/checkout/quote', () => {
  it('answers the totals without a code, and with one: the discount off the goods, free delivery counted after it', async () => {
    const user = await shopperBuying(4_000, 3);
    expect((await quote(user)).json()).toEqual({
      subtotal: 120,
      discount: null,
      deliveryCost: 0,
      codFee: 0,
      total: 120,
      freeDeliveryRemaining: null,
      giftCards: [],
      storeCredit: 0,
      amountDue: 120,
    });
    const { code } = await createCode({ kind: 'percent', value: 25 });
    // 120.00 − 30.00 = 90.00: under the 100.00 free-delivery threshold, delivery 6.90 is due.
    expect((await quote(user, { discountCode: code.toLowerCase(), paymentMethod: 'cod' })).json()).toEqual({
      subtotal: 120,
      discount: { code, amount: 30 },
      deliveryCost: 6.9,
      codFee: 1.5,
      total: 98.4,
      freeDeliveryRemaining: 10,
      giftCards: [],
      storeCredit: 0,
      amountDue: 98.4,
    });
  });

  it('gives free delivery with a free-delivery code, and leaves lines on sale out unless the code includes them', async () => {
    const sold = await t.createProduct({ priceCents: 5_000 });
    await t.db
      .insert(productSales)
      .values({ productId: sold.id, priceCents: 4_000, priorPriceCents: 5_000, startsAt: new Date(Date.now() - 1000) });
    const user = await shopperBuying(2_000);
    await addCartLine(t.db, user, sold, { quantity: 1 });
    const free = await createCode({ kind: 'free-delivery' });
    expect((await quote(user, { discountCode: free.code })).json()).toMatchObject({
      subtotal: 60,
      discount: { code: free.code, amount: 0 },
      deliveryCost: 0,
      total: 60,
    });
    const plain = await createCode({ kind: 'percent', value: 50 });
    expect((await quote(user, { discountCode: plain.code })).json().discount).toEqual({ code: plain.code, amount: 10 });
    const all = await createCode({ kind: 'percent', value: 50, includeSaleItems: true });
    expect((await quote(user, { discountCode: all.code })).json().discount).toEqual({ code: all.code, amount: 30 });
  });

  it('refuses an unknown, switched-off or out-of-date code (404) and a small cart (409 with what is missing)', async () => {
    const user = await shopperBuying(3_000);
    const refusal = async (code: string) => {
      const response = await quote(user, { discountCode: code });
      return [response.statusCode, response.json().code];
    };
    expect(await refusal('NO-SUCH-CODE')).toEqual([404, 'CODE_NOT_FOUND']);
    expect(await refusal((await createCode({ active: false })).code)).toEqual([404, 'CODE_NOT_FOUND']);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect(await refusal((await createCode({ startsAt: later })).code)).toEqual([404, 'CODE_NOT_FOUND']);
    const ended = await createCode({
      startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(await refusal(ended.code)).toEqual([404, 'CODE_NOT_FOUND']);
    // An ended code says so, and when (issue 45): not "does not exist", which reads like a typo.
    const endedAt = new Date('2026-03-31T20:59:00Z');
    const march = await createCode({ startsAt: '2026-03-01T00:00:00Z', endsAt: endedAt.toISOString() });
    const expired = await quote(user, { discountCode: march.code.toLowerCase() });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({
      code: 'CODE_NOT_FOUND',
      error: 'This code expired on 31 March 2026 at 23:59.',
      expiredAt: endedAt.toISOString(),
    });
    // A switched-off code whose end has passed is not named.
    const off = await createCode({ startsAt: '2026-03-01T00:00:00Z', endsAt: endedAt.toISOString(), active: false });
    expect((await quote(user, { discountCode: off.code })).json()).toEqual({
      code: 'CODE_NOT_FOUND',
      error: 'This code does not exist or is not active.',
    });
    const minimum = await createCode({ minSubtotal: 50 });
    const small = await quote(user, { discountCode: minimum.code });
    expect(small.statusCode).toBe(409);
    expect(small.json()).toMatchObject({ code: 'CODE_MIN_SUBTOTAL', remaining: 20 });
  });

  it('answers 429 after 10 refused codes in a minute from one shopper, quote and checkout together', async () => {
    const user = await shopperBuying(3_000);
    const good = await createCode({});
    // A good code does not count.
    expect((await quote(user, { discountCode: good.code })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await quote(user, { discountCode: `GUESS-${attempt}` })).statusCode).toBe(404);
    }
    expect((await checkout(user, { discountCode: 'GUESS-X' })).statusCode).toBe(404);
    const blocked = await quote(user, { discountCode: good.code });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    // Without a code the shopper still gets quotes.
    expect((await quote(user)).statusCode).toBe(200);
  });
});

describe('a checkout with a code', () => {
  it('stores what the quote said: the code, the discount spread over the lines, and charges exactly the total', async () => {
    const user = await shopperBuying(3_333);
    await addCartLine(t.db, user, await t.createProduct({ priceCents: 1_667 }), { quantity: 2 });
    const { code } = await createCode({ kind: 'percent', value: 10 });
    const quoted = (await quote(user, { discountCode: code })).json();
    const session = await checkout(user, { discountCode: code });
    expect(session.statusCode, session.body).toBe(201);
    const { orderId } = session.json<{ orderId: number }>();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ discountCode: code, discountCents: 667, subtotalCents: 6_667 });
    expect(order!.totalCents / 100).toBe(quoted.total);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((line) => line.discountCents).reduce((a, b) => a + b)).toBe(667);
    const answered = await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) });
    expect(answered.json().discount).toEqual({ code, amount: 6.67 });
  });

  it('mails the order with its discount, in the shopper’s language', async () => {
    const user = await shopperBuying(5_000);
    const { code } = await createCode({ kind: 'amount', value: 7.5 });
    const placed = await checkout(user, { discountCode: code, paymentMethod: 'cod' });
    expect(placed.statusCode, placed.body).toBe(201);
    const mail = await t.smtp.waitFor(user.email, (received) => /confirmed/.test(received.subject));
    expect(mail.text).toContain(`Discount (${code}): −$7.50`);
    // The owner's figures and the sales export say it too.
    const stats = await t.app.inject({ url: '/api/admin/stats', headers: bearer(t.admin) });
    expect(stats.json().discountCodes).toContainEqual({ code, orders: 1, amount: 7.5 });
    const csv = (await t.app.inject({ url: '/api/admin/orders/export.csv', headers: bearer(t.admin) })).body;
    const row = csv.split('\r\n').find((line) => line.includes(`,${code},`));
    // unit price, the line's discount, what the line cost, its VAT, … subtotal, code, discount.
    expect(row).toContain(`,50.00,7.50,42.50,7.08,50.00,${code},7.50,`);
    const bg = await t.createUser({ locale: 'bg' });
    await addCartLine(t.db, bg, await t.createProduct({ priceCents: 5_000 }));
    const bgCode = (await createCode({ kind: 'amount', value: 7.5 })).code;
    const bulgarian = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session?lang=bg',
      headers: bearer(bg),
      payload: { delivery: TEST_DELIVERY, discountCode: bgCode, paymentMethod: 'cod' },
    });
    expect(bulgarian.statusCode, bulgarian.body).toBe(201);
    const bgMail = await t.smtp.waitFor(bg.email, (received) => /потвърдена/.test(received.subject));
    expect(bgMail.text).toContain(`Отстъпка (${bgCode}): −7,50`);
  });

  it('takes a use per order: a second order of the same shopper is CODE_ALREADY_USED, a new checkout gives its earlier one’s back', async () => {
    const user = await shopperBuying(3_000);
    const { code, id } = await createCode({ maxUses: 5 });
    expect((await checkout(user, { discountCode: code })).statusCode).toBe(201);
    // The second tab: the earlier pending checkout is cancelled first, its use comes back.
    expect((await checkout(user, { discountCode: code })).statusCode).toBe(201);
    const list = await t.app.inject({ url: '/api/admin/discount-codes', headers: bearer(t.admin) });
    expect(list.json().find((entry: { id: number }) => entry.id === id).uses).toBe(1);
    await checkout(user, { discountCode: code, paymentMethod: 'cod' });
    await addCartLine(t.db, user, await t.createProduct({ priceCents: 2_000 }));
    const again = await checkout(user, { discountCode: code, paymentMethod: 'cod' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CODE_ALREADY_USED');
  });

  it('leaves a free-delivery code unused on an order whose delivery is free anyway, for a later order', async () => {
    // 120.00 of goods: above the 100.00 threshold, delivery is free without the code.
    const user = await shopperBuying(12_000);
    const { code, id } = await createCode({ kind: 'free-delivery', maxUsesPerCustomer: 1 });
    expect((await quote(user, { discountCode: code })).json()).toMatchObject({
      discount: { code, amount: 0 },
      deliveryCost: 0,
    });
    const placed = await checkout(user, { discountCode: code, paymentMethod: 'cod' });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.json().orderId));
    expect(order?.discountCodeId).toBeNull();
    const uses = async () =>
      (await t.app.inject({ url: '/api/admin/discount-codes', headers: bearer(t.admin) }))
        .json()
        .find((entry: { id: number }) => entry.id === id).uses;
    expect(await uses()).toBe(0);

    // A small order later: the code takes 6.90 of delivery off, and its one use.
    await addCartLine(t.db, user, await t.createProduct({ priceCents: 3_000 }));
    expect((await quote(user, { discountCode: code })).json()).toMatchObject({ deliveryCost: 0, total: 30 });
    expect((await checkout(user, { discountCode: code, paymentMethod: 'cod' })).statusCode).toBe(201);
    expect(await uses()).toBe(1);
  });

  it(
    'lets a shopper back from the payment page apply their code again: their own open checkout holds it for them',
    // The uses counted by SQL of its own, beside the checkout that replaces the earlier one.
    { tags: ['engine'] },
    async () => {
      const user = await shopperBuying(4_000);
      // One use in all and one per customer: the earlier checkout holds both.
      const { code } = await createCode({ kind: 'percent', value: 15, maxUses: 1 });
      const first = await checkout(user, { discountCode: code });
      expect(first.statusCode, first.body).toBe(201);
      // Back on the checkout page, the code applied again: quoted, not refused.
      const again = await quote(user, { discountCode: code });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().discount).toEqual({ code, amount: 6 });
      // Another shopper still finds it held.
      expect((await quote(await shopperBuying(4_000), { discountCode: code })).json().code).toBe('CODE_USED_UP');
      const second = await checkout(user, { discountCode: code });
      expect(second.statusCode, second.body).toBe(201);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, second.json<{ orderId: number }>().orderId));
      // 40.00 − 15 % + 6.90 delivery.
      expect(order).toMatchObject({ status: 'pending', discountCode: code, discountCents: 600, totalCents: 4_090 });
    },
  );

  it('ends a code’s hold with the first hold’s expiry: checking out again, or after a cancel, never holds it longer', async () => {
    const user = await shopperBuying(3_000);
    const { code } = await createCode({ maxUses: 1 });
    const expiryOf = async (answer: { json: () => { orderId: number } }) => {
      const [order] = await t.db.select().from(orders).where(eq(orders.id, answer.json().orderId));
      return order!.expiresAt!.getTime();
    };
    const first = await checkout(user, { discountCode: code });
    expect(first.statusCode, first.body).toBe(201);
    const firstEnds = await expiryOf(first);
    // The shopper cancels the unpaid checkout on its page, and checks out with the code again.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${first.json().orderId}/cancel`,
      headers: bearer(user),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await checkout(user, { discountCode: code });
    expect(second.statusCode, second.body).toBe(201);
    expect(await expiryOf(second)).toBe(firstEnds);
    // Once it lapses, the code is free for others at once, before any sweep closes the checkout.
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, second.json().orderId));
    expect((await quote(await shopperBuying(3_000), { discountCode: code })).statusCode).toBe(200);
  });

  it('counts a customer’s uses by the delivery phone and the email as well as the account', async () => {
    const { code } = await createCode({ kind: 'amount', value: 5 });
    const first = await shopperBuying(3_000);
    expect((await checkout(first, { discountCode: code, paymentMethod: 'cod' })).statusCode).toBe(201);
    // Another account, the same phone written another way.
    const samePhone = await shopperBuying(3_000);
    const again = await checkout(samePhone, {
      discountCode: code,
      paymentMethod: 'cod',
      delivery: { ...TEST_DELIVERY, phone: '088 123 4567' },
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('CODE_ALREADY_USED');
    // Another account of the same address (case and a +tag aside): refused from the quote on.
    const [local, domain] = first.email.split('@');
    const alias = await t.createUser({ email: `${local!.toUpperCase()}+again@${domain}` });
    await addCartLine(t.db, alias, await t.createProduct({ priceCents: 3_000 }));
    const quoted = await quote(alias, { discountCode: code });
    expect(quoted.statusCode, quoted.body).toBe(409);
    expect(quoted.json().code).toBe('CODE_ALREADY_USED');
    // Someone else altogether still may.
    const someoneElse = await checkout(await shopperBuying(3_000), {
      discountCode: code,
      paymentMethod: 'cod',
      delivery: { ...TEST_DELIVERY, phone: '+359 87 765 4321' },
    });
    expect(someoneElse.statusCode, someoneElse.body).toBe(201);
  });

  it(
    'gives 50 shoppers racing for the last use exactly one order with the code; the use returns when it expires',
    { tags: ['engine'] },
    async () => {
      const { code, id } = await createCode({ maxUses: 1 });
      const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopperBuying(2_500)));
      const answers = await Promise.all(shoppers.map((user) => checkout(user, { discountCode: code })));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code))).toEqual(
        new Set(['CODE_USED_UP']),
      );
      const carrying = await t.db.select().from(orders).where(eq(orders.discountCodeId, id));
      expect(carrying).toHaveLength(1);
      // The order lapses unpaid: its use is given back.
      await t.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, carrying[0]!.id));
      await expireLapsed(t.db, eq(orders.id, carrying[0]!.id));
      const later = shoppers.find((_, index) => answers[index]!.statusCode === 409)!;
      expect((await quote(later, { discountCode: code })).statusCode).toBe(200);
    },
  );
});
