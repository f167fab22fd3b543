import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import type { TestHarness } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';
import { createCard } from './cards.js';

/** An active card of `cents` straight in the database (as if bought and paid): its id and code. */
export async function issueTestCard(db: Db, cents: number, options: { expiresAt?: Date; currency?: string } = {}) {
  const card = await db.transaction((tx) =>
    createCard(
      tx,
      {
        amountCents: cents,
        currency: options.currency ?? 'USD',
        expiresAt: options.expiresAt ?? new Date(Date.now() + 365 * 86_400_000),
        buyerId: null,
        recipientName: 'Ana',
        recipientEmail: 'ana@example.com',
        lang: 'en',
      },
      'active',
    ),
  );
  return { id: card.id, code: card.code, last4: card.last4 };
}

/** Delivery free and no cash-on-delivery fee: an order costs its goods, figures stay round. */
export async function roundFigures(t: Pick<TestHarness, 'app' | 'admin'>): Promise<void> {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(t.admin),
    payload: { delivery: { freeFrom: 0 }, cod: { enabled: true, fee: 0 } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/**
 * A shopper's order of 2 × 49.00 (cash on delivery unless `body` says otherwise, with its cards
 * and credit), delivered yesterday, a cash-on-delivery one's rest collected: its id and line.
 */
export async function deliveredOrder(
  t: Pick<TestHarness, 'app' | 'db' | 'createProduct'>,
  user: CreatedUser,
  body: object,
) {
  await addCartLine(t.db, user, await t.createProduct({ priceCents: 4900, stock: 5 }), { quantity: 2 });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod: 'cod', ...body },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { orderId } = placed.json<{ orderId: number }>();
  const at = new Date(Date.now() - 86_400_000);
  await t.db
    .update(orders)
    .set({ status: 'paid', fulfilment: 'delivered', paidAt: at, shippedAt: at, deliveredAt: at })
    .where(eq(orders.id, orderId));
  const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
  return { orderId, lineId: (order.items as { id: number }[])[0]!.id };
}
