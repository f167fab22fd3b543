import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orderEvents, orders, productStock } from '../../db/schema.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

/** An account's limits at checkout and the owner's confirmation of new accounts (docs/decisions/0031). */

const t = useTestApp({ admin: true });

const checkout = (user: CreatedUser, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, ...body },
  });

const updateSettings = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(t.admin), payload });

const step = (id: number, action: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${action}`, headers: bearer(t.admin), payload: body });

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** The shopper orders one piece by cash on delivery: its answer. */
async function codOrderOf(user: CreatedUser, options: { stock?: number } = {}) {
  const product = await createProduct(t.db, { stock: options.stock });
  await addCartLine(t.db, user, product, { quantity: 1 });
  return { product, answer: await checkout(user, { paymentMethod: 'cod' }) };
}

describe('settings of the limits', () => {
  it('are read by everyone with their defaults, changed by an admin (audited) and validated', async () => {
    const before = (await t.app.inject('/api/settings')).json();
    expect(before).toMatchObject({
      cod: { confirmNewAccounts: false },
      // The spec's cap of a cart line (issue 45): an owner may only lower it.
      limits: { codMaxOpenOrders: 2, maxUnitsPerVariant: 99 },
    });

    const changed = await updateSettings({
      cod: { confirmNewAccounts: true },
      limits: { codMaxOpenOrders: 3, maxUnitsPerVariant: 5 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      cod: { enabled: true, confirmNewAccounts: true },
      limits: { codMaxOpenOrders: 3, maxUnitsPerVariant: 5 },
    });
    const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audited?.detail).toMatchObject({
      changes: { limits: { codMaxOpenOrders: 3 } },
      before: { limits: { codMaxOpenOrders: 2 } },
    });

    for (const [limits, field, message] of [
      [
        { codMaxOpenOrders: 0 },
        'limits.codMaxOpenOrders',
        'Open cash-on-delivery orders per account is a whole number from 1 to 20.',
      ],
      [
        { codMaxOpenOrders: 2.5 },
        'limits.codMaxOpenOrders',
        'Open cash-on-delivery orders per account is a whole number from 1 to 20.',
      ],
      [
        { maxUnitsPerVariant: 100 },
        'limits.maxUnitsPerVariant',
        'Units of one colour and size per order is a whole number from 1 to 99.',
      ],
    ] as const) {
      const refused = await updateSettings({ limits });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: message } });
    }
    expect((await updateSettings({ limits: { codMaxOpenOrders: 'many' } })).statusCode).toBe(400);

    await updateSettings({
      cod: { confirmNewAccounts: false },
      limits: { codMaxOpenOrders: 2, maxUnitsPerVariant: 99 },
    });
  });
});

describe('cash-on-delivery orders per account', () => {
  it('refuses a third open cash-on-delivery order with 409 TOO_MANY_OPEN_ORDERS, and takes one again once one ships', async () => {
    const user = await createUser(t.db);
    const first = await codOrderOf(user);
    const second = await codOrderOf(user);
    expect([first.answer.statusCode, second.answer.statusCode]).toEqual([201, 201]);

    const { product, answer: third } = await codOrderOf(user, { stock: 3 });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'TOO_MANY_OPEN_ORDERS' });
    expect(third.json().error).toMatch(/already have 2 cash-on-delivery orders/);
    const [stock] = await t.db.select().from(productStock).where(eq(productStock.colorId, product.colors[0]!.id));
    expect(stock?.onHand).toBe(3);
    // A card checkout is not capped by it.
    expect((await checkout(user)).statusCode).toBe(201);

    const shipped = await step(first.answer.json().orderId, 'ship', { carrier: 'Speedy', trackingNumber: 'SP1' });
    expect(shipped.statusCode).toBe(200);
    expect((await checkout(user, { paymentMethod: 'cod' })).statusCode).toBe(201);
  });
});

describe('units of one colour and size per order', () => {
  it('refuses a line above the cap with 409 QUANTITY_LIMIT naming it, by card and by cash', async () => {
    expect((await updateSettings({ limits: { maxUnitsPerVariant: 10 } })).statusCode).toBe(200);
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { name: 'Gala Hoodie', colors: ['Onyx'], stock: 50 });
    await addCartLine(t.db, user, product, { quantity: 11, size: 'L' });
    for (const body of [{}, { paymentMethod: 'cod' }]) {
      const refused = await checkout(user, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'QUANTITY_LIMIT',
        error:
          'One order may take at most 10 of one colour and size: Gala Hoodie (Onyx, L). Please lower the quantity.',
        lines: [{ cartItemId: expect.any(Number), available: 10 }],
      });
    }
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect((await updateSettings({ limits: { maxUnitsPerVariant: 99 } })).statusCode).toBe(200);
  });
});

describe('the hold of a card checkout', () => {
  it('keeps the earlier checkout’s expiry when the same cart is checked out again', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { stock: 5 });
    await addCartLine(t.db, user, product, { quantity: 1 });
    const first = (await checkout(user)).json().orderId as number;
    // The first checkout was opened 20 minutes ago: 10 minutes of its hold are left.
    const lapses = new Date(Date.now() + 10 * 60_000);
    await t.db.update(orders).set({ expiresAt: lapses }).where(eq(orders.id, first));

    const again = await checkout(user);
    expect(again.statusCode).toBe(201);
    const second = await orderRow(again.json().orderId);
    expect(second.id).not.toBe(first);
    expect(second.expiresAt?.getTime()).toBe(lapses.getTime());
    expect((await orderRow(first)).status).toBe('cancelled');
  });

  it('gives a checkout that replaces a lapsed one its own 30 minutes', async () => {
    const user = await createUser(t.db);
    await addCartLine(t.db, user, await createProduct(t.db), { quantity: 1 });
    const first = (await checkout(user)).json().orderId as number;
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, first));
    const second = await orderRow((await checkout(user)).json().orderId);
    expect(second.expiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });
});

describe('confirmation of cash-on-delivery orders from new accounts', () => {
  it('holds the order of an account with no delivered order until the owner confirms it', async () => {
    await updateSettings({ cod: { confirmNewAccounts: true } });
    try {
      const user = await createUser(t.db);
      const { answer } = await codOrderOf(user);
      expect(answer.statusCode).toBe(201);
      const id = answer.json().orderId as number;
      expect((await step(id, 'confirm', {})).statusCode).toBe(200);
      const { answer: next } = await codOrderOf(user);
      const waiting = next.json().orderId as number;
      const order = (await t.app.inject({ url: `/api/admin/orders/${waiting}`, headers: bearer(t.admin) })).json();
      expect(order).toMatchObject({ confirmationRequired: true, confirmedAt: null });

      const refused = await step(waiting, 'ship', { carrier: 'Speedy', trackingNumber: 'SP2' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'Confirm this order first: it waits for your confirmation.',
        code: 'INVALID_TRANSITION',
      });

      const confirmed = await step(waiting, 'confirm');
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ confirmationRequired: true, confirmedAt: expect.any(String) });
      expect(confirmed.json().events.map((event: { type: string }) => event.type)).toContain('confirmed');
      const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.confirm'));
      expect(audited).toMatchObject({ actorId: t.admin.id });
      expect((await step(waiting, 'confirm')).statusCode).toBe(409);

      expect((await step(waiting, 'ship', { carrier: 'Speedy', trackingNumber: 'SP3' })).statusCode).toBe(200);
      await step(waiting, 'deliver');
      // Once an order of the account was delivered, its next ones ship without waiting.
      const { answer: trusted } = await codOrderOf(user);
      expect((await orderRow(trusted.json().orderId)).confirmationRequired).toBe(false);
    } finally {
      await updateSettings({ cod: { confirmNewAccounts: false } });
    }
  });

  it('does not hold orders when the setting is off, nor card orders', async () => {
    const user = await createUser(t.db);
    const { answer } = await codOrderOf(user);
    const order = await orderRow(answer.json().orderId);
    expect(order.confirmationRequired).toBe(false);
    expect((await step(order.id, 'confirm')).json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.type)).not.toContain('confirmed');
  });
});
