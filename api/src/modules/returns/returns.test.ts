import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, productStock } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { deliveredOrder } from './test-support.js';
import { deliveredOrdersOfOne } from '../../test/delivered-orders.js';

const t = useTestApp({ admin: true });

const putSettings = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(t.admin), payload });

describe('returns settings and product flags', () => {
  it('keeps the return window no shorter than the withdrawal period, and sets who pays the label, the bonus and approval', async () => {
    const before = (await t.app.inject({ url: '/api/settings' })).json();
    expect(before.returns).toEqual({ windowDays: 30, autoApprove: true, shipping: 'shop', storeCreditBonusPercent: 0 });

    const short = await putSettings({ returns: { windowDays: 20 }, returnDays: 21 });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty(['returns.windowDays']);
    const badShipping = await putSettings({ returns: { shipping: 'courier', storeCreditBonusPercent: 101 } });
    expect(badShipping.statusCode).toBe(400);
    expect(Object.keys(badShipping.json().fields)).toEqual(
      expect.arrayContaining(['returns.shipping', 'returns.storeCreditBonusPercent']),
    );

    const saved = await putSettings({
      returns: { windowDays: 45, autoApprove: false, shipping: 'shopper', storeCreditBonusPercent: 10 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().returns).toEqual({
      windowDays: 45,
      autoApprove: false,
      shipping: 'shopper',
      storeCreditBonusPercent: 10,
    });
    // A withdrawal period above the window saved is refused too: the window would be the shorter.
    expect((await putSettings({ returnDays: 60 })).statusCode).toBe(400);
    await putSettings({ returns: { windowDays: 30, autoApprove: true, shipping: 'shop', storeCreditBonusPercent: 0 } });
  });

  it('marks a product final sale and hygiene-sealed through its details, answered to everyone', async () => {
    const product = await t.createProduct();
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json()).toMatchObject({
      finalSale: false,
      hygieneSealed: false,
    });
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/details`,
      headers: bearer(t.admin),
      payload: { finalSale: true, hygieneSealed: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ finalSale: true, hygieneSealed: true });
    const seen = (await t.app.inject({ url: `/api/products/${product.id}` })).json();
    expect(seen).toMatchObject({ finalSale: true, hygieneSealed: true });
  });
});

const ask = (user: CreatedUser, orderId: number, body: object, path = 'returns') =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/${path}`, headers: bearer(user), payload: body });

const stockOf = async (colorId: number, size: string) =>
  (
    await t.db
      .select({ onHand: productStock.onHand, reserved: productStock.reserved })
      .from(productStock)
      .where(and(eq(productStock.colorId, colorId), eq(productStock.size, size)))
  )[0]!;

describe('a shopper’s return request', () => {
  it('quotes, then records a refund return within the withdrawal period as the withdrawal of those lines, once', async () => {
    const { user, orderId, reference, lines } = await deliveredOrder(t);
    const line = lines[0]!;
    const body = { lines: [{ orderItemId: line.id, quantity: 1, reason: 'too-small' }], outcome: 'refund' };
    const quote = await ask(user, orderId, body, 'returns/quote');
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toEqual({ refund: 50, labelCost: 0 });

    const made = await ask(user, orderId, body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().return).toMatchObject({
      reference: `${reference}-R1`,
      orderId,
      status: 'approved',
      outcome: 'refund',
      lines: [{ orderItemId: line.id, quantity: 1, reason: 'too-small', exchangeFor: null }],
      refund: 50,
      labelCost: 0,
      withdrawal: true,
    });
    const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
    expect(order.withdrawal).toMatchObject({ items: [{ orderItemId: line.id, quantity: 1 }] });
    expect(Date.parse(order.withdrawal.refundDueAt) - Date.parse(order.withdrawal.submittedAt)).toBe(14 * 86_400_000);

    // One unit is left: two are too many (400), one more is fine, then nothing is left (409).
    const tooMany = await ask(user, orderId, { ...body, lines: [{ ...body.lines[0], quantity: 2 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toHaveProperty(['lines.0.quantity']);
    expect((await ask(user, orderId, body)).statusCode).toBe(201);
    const none = await ask(user, orderId, body);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NOTHING_TO_RETURN');

    const listed = await t.app.inject({ url: `/api/orders/${orderId}/returns`, headers: bearer(user) });
    expect(listed.json().data.map((each: { reference: string }) => each.reference)).toEqual([
      `${reference}-R2`,
      `${reference}-R1`,
    ]);
    const stranger = await t.createUser();
    expect((await t.app.inject({ url: `/api/orders/${orderId}/returns`, headers: bearer(stranger) })).statusCode).toBe(
      404,
    );
    expect((await ask(stranger, orderId, body)).statusCode).toBe(404);
  });

  // On both databases, as issue 48 asks of every refusal.
  it('refuses what may not come back, with the code of each', { tags: ['engine'] }, async () => {
    const finalSale = await t.createProduct({ priceCents: 3000, stock: 5 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${finalSale.id}/details`,
      headers: bearer(t.admin),
      payload: { finalSale: true },
    });
    // Past the withdrawal period (14 days), within the return window (30).
    const late = await deliveredOrder(t, { product: finalSale, deliveredDaysAgo: 20 });
    const body = (orderItemId: number, extra: object = {}) => ({
      lines: [{ orderItemId, quantity: 1, reason: 'changed-mind', ...extra }],
      outcome: 'refund',
    });
    const refused = await ask(late.user, late.orderId, body(late.lines[0]!.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('FINAL_SALE');

    const old = await deliveredOrder(t, { deliveredDaysAgo: 31 });
    const over = await ask(old.user, old.orderId, body(old.lines[0]!.id));
    expect(over.json().code).toBe('RETURN_WINDOW_OVER');

    const fresh = await deliveredOrder(t);
    const other = await t.createProduct();
    const bad = await ask(fresh.user, fresh.orderId, {
      lines: [
        { orderItemId: fresh.lines[0]!.id, quantity: 1, reason: 'too-tight', exchangeFor: { colorId: 1, size: 'M' } },
      ],
      outcome: 'exchange',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['lines.0.reason']);
    const elsewhere = await ask(fresh.user, fresh.orderId, {
      lines: [
        {
          orderItemId: fresh.lines[0]!.id,
          quantity: 1,
          reason: 'too-small',
          exchangeFor: { colorId: other.colors[0]!.id, size: 'M' },
        },
      ],
      outcome: 'exchange',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields).toHaveProperty(['lines.0.exchangeFor']);

    // Not delivered yet: nothing to return.
    await t.db.update(orders).set({ fulfilment: 'shipped', deliveredAt: null }).where(eq(orders.id, fresh.orderId));
    const early = await ask(fresh.user, fresh.orderId, body(fresh.lines[0]!.id));
    expect(early.json().code).toBe('NOTHING_TO_RETURN');
  });

  it('takes a sealed item back within the withdrawal period: intact as a withdrawal, broken only as defective and then not as one', async () => {
    const sealed = await t.createProduct({ priceCents: 2000, stock: 5 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${sealed.id}/details`,
      headers: bearer(t.admin),
      payload: { hygieneSealed: true },
    });
    const line = (orderItemId: number, reason: string, sealIntact?: boolean) => ({
      lines: [{ orderItemId, quantity: 1, reason, ...(sealIntact === undefined ? {} : { sealIntact }) }],
      outcome: 'refund',
    });
    const orderOf = async (user: CreatedUser, orderId: number) =>
      (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();

    const intact = await deliveredOrder(t, { product: sealed });
    const unsaid = await ask(intact.user, intact.orderId, line(intact.lines[0]!.id, 'too-small'));
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().fields).toHaveProperty(['lines.0.sealIntact']);
    const kept = await ask(intact.user, intact.orderId, line(intact.lines[0]!.id, 'too-small', true));
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().return.withdrawal).toBe(true);
    expect((await orderOf(intact.user, intact.orderId)).withdrawal).toMatchObject({
      items: [{ orderItemId: intact.lines[0]!.id, quantity: 1 }],
    });

    const broken = await deliveredOrder(t, { product: sealed });
    const changedMind = await ask(broken.user, broken.orderId, line(broken.lines[0]!.id, 'changed-mind', false));
    expect(changedMind.statusCode).toBe(400);
    expect(changedMind.json().fields).toHaveProperty(['lines.0.sealIntact']);
    // A defect comes back under the guarantee, seal or not: the withdrawal no longer applies to it.
    const defective = await ask(broken.user, broken.orderId, line(broken.lines[0]!.id, 'defective', false));
    expect(defective.statusCode, defective.body).toBe(201);
    expect(defective.json().return).toMatchObject({ refund: 20, withdrawal: false });
    expect((await orderOf(broken.user, broken.orderId)).withdrawal).toBeNull();
  });

  it('deducts the label when the shopper pays it, adds the store-credit bonus, and holds an exchange’s size at once', async () => {
    await putSettings({ returns: { shipping: 'shopper', storeCreditBonusPercent: 10 } });
    try {
      const { user, orderId, lines, product } = await deliveredOrder(t, { lines: [{ size: 'S', quantity: 3 }] });
      const line = lines[0]!;
      const one = (reason: string) => [{ orderItemId: line.id, quantity: 1, reason }];
      // TEST_DELIVERY goes to an address: the label costs the address delivery (6.90).
      expect(
        (await ask(user, orderId, { lines: one('too-small'), outcome: 'refund' }, 'returns/quote')).json(),
      ).toEqual({
        refund: 43.1,
        labelCost: 6.9,
      });
      expect(
        (await ask(user, orderId, { lines: one('defective'), outcome: 'refund' }, 'returns/quote')).json(),
      ).toEqual({
        refund: 50,
        labelCost: 0,
      });
      expect(
        (await ask(user, orderId, { lines: one('changed-mind'), outcome: 'store-credit' }, 'returns/quote')).json(),
      ).toEqual({ refund: 55, labelCost: 0 });

      const color = product.colors[0]!.id;
      await t.db
        .update(productStock)
        .set({ onHand: 1 })
        .where(and(eq(productStock.colorId, color), eq(productStock.size, 'M')));
      const exchange = (quantity: number) => ({
        lines: [{ orderItemId: line.id, quantity, reason: 'too-small', exchangeFor: { colorId: color, size: 'M' } }],
        outcome: 'exchange',
      });
      const short = await ask(user, orderId, exchange(2), 'returns/quote');
      expect(short.json().code).toBe('OUT_OF_STOCK');
      const made = await ask(user, orderId, exchange(1));
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().return).toMatchObject({ outcome: 'exchange', refund: 0, labelCost: 0 });
      expect(made.json().return.lines[0].exchangeFor).toEqual({ colorId: color, size: 'M' });
      expect(await stockOf(color, 'M')).toEqual({ onHand: 1, reserved: 1 });
      const gone = await ask(user, orderId, exchange(1));
      expect(gone.json().code).toBe('OUT_OF_STOCK');
    } finally {
      await putSettings({ returns: { shipping: 'shop', storeCreditBonusPercent: 0 } });
    }
  });

  it('lets exactly one of 100 shoppers asking at once hold the last unit of a size', { tags: ['engine'] }, async () => {
    const product = await t.createProduct({ priceCents: 5000, stock: 20 });
    const color = product.colors[0]!.id;
    const shoppers = await Promise.all(Array.from({ length: 100 }, () => t.createUser()));
    const orders = await deliveredOrdersOfOne(
      t.db,
      { productId: product.id, colorId: color, size: 'S' },
      shoppers.map((shopper) => shopper.id),
    );
    await t.db
      .update(productStock)
      .set({ onHand: 1 })
      .where(and(eq(productStock.colorId, color), eq(productStock.size, 'L')));
    const shopperOf = new Map(shoppers.map((shopper) => [shopper.id, shopper]));
    const answers = await Promise.all(
      orders.map((order) =>
        ask(shopperOf.get(order.user_id)!, order.order_id, {
          lines: [
            {
              orderItemId: order.item_id,
              quantity: 1,
              reason: 'too-small',
              exchangeFor: { colorId: color, size: 'L' },
            },
          ],
          outcome: 'exchange',
        }),
      ),
    );
    const codes = answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().code);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(99).fill(409)]);
    expect(new Set(codes)).toEqual(new Set(['OUT_OF_STOCK']));
    expect(await stockOf(color, 'L')).toEqual({ onHand: 1, reserved: 1 });
  });
});
