import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orders, products } from '../../db/schema.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, checkout, orderOf, payOnTestPage } from '../payments/test-support.js';
import { placedOrder as placedOrderOf } from './test-support.js';

const t = useTestApp({ smtp: true });

const DAY_MS = 86_400_000;

const placedOrder = (options: { locale?: 'en' | 'bg' } = {}) => placedOrderOf(t, options);

const withdrawAs = (user: CreatedUser, orderId: number, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/withdrawal`, headers: bearer(user), payload: body });

describe('withdrawing from an order as its owner', () => {
  it('records it once, with the lines chosen, shows it on the order and mails the acknowledgement with date and time', async () => {
    const { user, orderId, reference, lines } = await placedOrder();
    expect(reference).toMatch(/^[0-9A-F]{12}$/);
    const first = lines[0]!;
    const answer = await withdrawAs(user, orderId, {
      items: [{ orderItemId: first.id, quantity: 1 }],
      reason: 'Too big',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { withdrawal } = answer.json();
    expect(withdrawal).toMatchObject({ orderId, reference, items: [{ orderItemId: first.id, quantity: 1 }] });
    expect(Date.now() - Date.parse(withdrawal.submittedAt)).toBeLessThan(60_000);

    const mail = await t.smtp.waitFor(user.email, (m) => /withdrawal/.test(m.subject));
    // Shoppers read the order's reference, never its sequential number.
    expect(mail.subject).toBe(`We received your withdrawal from order ${reference}`);
    expect(mail.text).toContain('Hello, Ana Petrova');
    expect(mail.text).toContain('1 × Oxblood Hoodie');
    // The date and time of the submission, in the shop's time zone.
    expect(mail.text).toMatch(/on \d{1,2} \w+ \d{4} at \d{2}:\d{2}:\d{2} (EET|EEST|GMT\+[23])/);
    // Cash on delivery: no word of a test payment.
    expect(mail.text).not.toContain('TEST PAYMENT');

    const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
    expect(order.withdrawal).toMatchObject({ submittedAt: withdrawal.submittedAt, reason: 'Too big' });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((event) => event.type)).toContain('withdrawal');

    const twice = await withdrawAs(user, orderId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'ALREADY_WITHDRAWN',
      error: 'You have already withdrawn from this order.',
    });
  });

  it('withdraws from every line when none are named, in the shopper’s language', async () => {
    const { user, orderId, reference, lines } = await placedOrder({ locale: 'bg' });
    const answer = await withdrawAs(user, orderId);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().withdrawal.items).toEqual(
      lines.map((line) => ({ orderItemId: line.id, quantity: line.quantity })),
    );
    // The order's own confirmation is mailed too: this is the acknowledgement.
    const mail = await t.smtp.waitFor(user.email, (sent) => sent.subject.startsWith('Получихме отказа'));
    expect(mail.subject).toBe(`Получихме отказа ви от поръчка ${reference}`);
    expect(mail.text).toMatch(/2 × .+ \(Оникс, S\)/);
  });

  it('says TEST PAYMENT first, as the order mails do, when the order was paid on the test page', async () => {
    for (const [locale, line, subject] of [
      ['en', "TEST PAYMENT: this order was paid on the shop's test payment page", 'We received your withdrawal'],
      ['bg', 'ТЕСТОВО ПЛАЩАНЕ: поръчката е платена на тестовата страница за плащане', 'Получихме отказа'],
    ] as const) {
      const user = await createUser(t.db, { locale });
      await addCartLine(t.db, user, await createProduct(t.db, { priceCents: 4200 }));
      const session = await checkout(t.app, user);
      await payOnTestPage(t.app, session.sessionId);
      const { id: orderId } = await orderOf(t.db, session.sessionId);
      expect((await withdrawAs(user, orderId)).statusCode).toBe(201);
      const mail = await t.smtp.waitFor(user.email, (sent) => sent.subject.startsWith(subject));
      expect(mail.text).toContain(line);
      expect(mail.text.indexOf(line)).toBeLessThan(mail.text.indexOf(subject));
      expect(mail.html).toContain(line.split(':')[0]);
    }
  });

  it('refuses lines of another order, more than was ordered, another shopper’s order, and after the period', async () => {
    const { user, orderId, lines } = await placedOrder();
    const other = await placedOrder();
    const foreign = await withdrawAs(user, orderId, { items: [{ orderItemId: other.lines[0]!.id, quantity: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ 'items.0.orderItemId': 'This is not an item of this order.' });
    const tooMany = await withdrawAs(user, orderId, { items: [{ orderItemId: lines[0]!.id, quantity: 3 }] });
    expect(tooMany.json().fields).toEqual({ 'items.0.quantity': 'At most 2 of this item were ordered.' });
    expect((await withdrawAs(user, other.orderId)).statusCode).toBe(404);

    // Delivered 15 days ago: the 14 days are over.
    await t.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 15 * DAY_MS), fulfilment: 'delivered' })
      .where(eq(orders.id, orderId));
    const late = await withdrawAs(user, orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('WITHDRAWAL_PERIOD_OVER');
    // 13 days ago: still in time.
    await t.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 13 * DAY_MS) })
      .where(eq(orders.id, orderId));
    expect((await withdrawAs(user, orderId)).statusCode).toBe(201);
  });

  it('is only for signed-in shoppers, and only for paid or placed orders', async () => {
    const { user, orderId } = await placedOrder();
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/withdrawal`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    const cancelled = await withdrawAs(user, orderId);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().code).toBe('INVALID_TRANSITION');
  });

  it('asks about the hygiene seal of a sealed line once delivered, and refuses a broken one as a return does', async () => {
    const sealedOrder = async (delivered: boolean) => {
      const placed = await placedOrder();
      const order = (await t.app.inject({ url: `/api/orders/${placed.orderId}`, headers: bearer(placed.user) })).json();
      const productId = order.items[0].productId as number;
      await t.db.update(products).set({ hygieneSealed: true }).where(eq(products.id, productId));
      if (delivered)
        await t.db
          .update(orders)
          .set({ deliveredAt: new Date(Date.now() - 3 * DAY_MS), fulfilment: 'delivered' })
          .where(eq(orders.id, placed.orderId));
      return placed;
    };
    const { user, orderId, lines } = await sealedOrder(true);
    const [first, second] = [lines[0]!, lines[1]!];
    const read = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
    expect(read.items.map((item: { hygieneSealed?: boolean }) => item.hygieneSealed)).toEqual([true, true]);

    const unsaid = await withdrawAs(user, orderId, { items: [{ orderItemId: first.id, quantity: 1 }] });
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().fields).toEqual({ 'items.0.sealIntact': 'Say whether the hygiene seal is intact.' });
    const all = await withdrawAs(user, orderId);
    expect(all.statusCode).toBe(400);
    expect(Object.keys(all.json().fields)).toEqual(['items']);

    const broken = await withdrawAs(user, orderId, {
      items: [
        { orderItemId: first.id, quantity: 2, sealIntact: true },
        { orderItemId: second.id, quantity: 1, sealIntact: false },
      ],
    });
    expect(broken.statusCode).toBe(409);
    expect(broken.json()).toMatchObject({
      code: 'SEAL_BROKEN',
      fields: { 'items.1.sealIntact': expect.stringContaining('the right of withdrawal no longer applies') },
    });
    const still = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
    expect(still.withdrawal).toBeNull();

    const intact = await withdrawAs(user, orderId, {
      items: [{ orderItemId: first.id, quantity: 2, sealIntact: true }],
    });
    expect(intact.statusCode, intact.body).toBe(201);
    // The record is the lines and their quantities.
    expect(intact.json().withdrawal.items).toEqual([{ orderItemId: first.id, quantity: 2 }]);

    // Not delivered yet: no seal can have been broken, nothing is asked.
    const early = await sealedOrder(false);
    expect((await withdrawAs(early.user, early.orderId)).statusCode).toBe(201);
  });
});
