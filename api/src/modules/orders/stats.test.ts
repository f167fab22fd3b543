import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { effectsRun, heard } from '../../test/app.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';

const t = useTestApp({ admin: true });

async function order(paymentMethod: 'cod' | 'card', priceCents = 4000) {
  const user = await createUser(t.db);
  const product = await createProduct(t.db, { priceCents, stock: 20 });
  await addCartLine(t.db, user, product);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const { orderId, sessionId } = answer.json<{ orderId: number; sessionId?: string }>();
  return { user, orderId, sessionId };
}

const stats = async () => (await t.app.inject({ url: '/api/admin/stats?days=7', headers: bearer(t.admin) })).json();

describe("the dashboard's figures", () => {
  it('counts the orders to ship (paid or placed, unfulfilled, not awaiting confirmation), as the filtered list shows them', async () => {
    const placed = await order('cod');
    const awaiting = await order('cod');
    await t.db.update(orders).set({ confirmationRequired: true }).where(eq(orders.id, awaiting.orderId));
    const shipped = await order('cod');
    await t.db.update(orders).set({ fulfilment: 'shipped' }).where(eq(orders.id, shipped.orderId));
    const card = await order('card');
    await order('card'); // a checkout never paid
    await payOnTestPage(t.app, card.sessionId!);
    await heard(t.app);

    expect((await stats()).toShip).toBe(2);
    const list = await t.app.inject({ url: '/api/admin/orders?ship=due', headers: bearer(t.admin) });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([placed.orderId, card.orderId].sort());
    expect(list.json().total).toBe(2);
  });

  it('reckons revenue net of refunds, and a refund shows its amount on the timeline', async () => {
    const before = (await stats()).totals.revenue;
    const card = await order('card', 5000);
    await payOnTestPage(t.app, card.sessionId!);
    const { total } = (await t.app.inject({ url: `/api/orders/${card.orderId}`, headers: bearer(card.user) })).json();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${card.orderId}/refund`,
      headers: bearer(t.admin),
      payload: { amount: 12.5 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await effectsRun(t.app);
    expect((await stats()).totals.revenue).toBeCloseTo(before + total - 12.5, 2);
    const mine = (await t.app.inject({ url: `/api/orders/${card.orderId}`, headers: bearer(card.user) })).json();
    expect(mine.events.find((event: { type: string }) => event.type === 'refunded')).toMatchObject({ amount: 12.5 });
    expect(mine.events.find((event: { type: string }) => event.type === 'paid')).not.toHaveProperty('amount');
  });

  it('lists at most 10 low-stock variants, the fewest left first, named in both languages', async () => {
    await createProduct(t.db, { stock: 2, name: 'Thin Scarf', bgName: 'Тънък шал', sizes: ['S', 'M', 'L', 'XL'] });
    await createProduct(t.db, { stock: 0, name: 'Gone Cap', bgName: 'Изчерпана шапка', colors: ['Onyx'] });
    // Untracked and unpublished products are not running out.
    const hidden = await createProduct(t.db, { stock: 1, name: 'Draft Coat', published: false });
    const { lowStock } = await stats();
    expect(lowStock).toHaveLength(10);
    expect(lowStock[0]).toMatchObject({ name: 'Gone Cap', nameBg: 'Изчерпана шапка', available: 0 });
    expect(lowStock.map((line: { available: number }) => line.available)).toEqual(
      [...lowStock.map((line: { available: number }) => line.available)].sort((a, b) => a - b),
    );
    expect(lowStock).toContainEqual(expect.objectContaining({ name: 'Thin Scarf', nameBg: 'Тънък шал' }));
    expect(lowStock.some((line: { productId: number }) => line.productId === hidden.id)).toBe(false);
  });
});
