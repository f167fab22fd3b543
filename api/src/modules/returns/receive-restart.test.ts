// @module-tag engine: one shop's starts, one after another, on one database: its outbox takes back a dead worker's effects.
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { effects, invoiceDocuments, orders, productStock, refunds } from '../../db/schema.js';
import { LEASE_MS } from '../../platform/outbox/outbox.js';
import { effectsRun } from '../../test/app.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { setTestSeller } from '../../test/harness.js';
import { useRestarts } from '../../test/restarts.js';
import { CREDIT_NOTE } from '../documents/effect-kinds.js';
import { PROVIDER_REFUND } from '../orders/effect-kinds.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';
import { RETURN_MAIL } from './effect-kinds.js';

/**
 * A return received, and the process dies before what follows the commit ran (issue 48: "a
 * process killed after `receive`'s commit still refunds once"). `receive` settles the return in
 * its transaction (the unit back on hand, the refund step, the return `refunded`); the provider's
 * refund, the credit note and the shopper's mail are effects (decision 0056). Each start is the
 * app built anew on the same database, as a process is; the dead one's workers had taken the
 * effects (their lease and attempt) and never finished them.
 */
const shop = useRestarts('return-restart');
const { start } = shop;

beforeAll(() => setTestSeller(shop.database.db));

describe('A received return across a crash', () => {
  it('refunds once, with one credit note and one mail, when the process died right after receive committed', async () => {
    const db = shop.database.db;
    const shopper = await createUser(db, { name: 'Mira Koleva' });
    const admin = await createUser(db, { role: 'ADMIN' });
    const product = await createProduct(db, { priceCents: 5000, stock: 10, name: 'Linen Shirt' });
    const color = product.colors[0]!.id;
    const onHand = async () =>
      (
        await db
          .select({ onHand: productStock.onHand })
          .from(productStock)
          .where(and(eq(productStock.colorId, color), eq(productStock.size, 'S')))
      )[0]!.onHand;

    // An invoiced card order, delivered, and a return of it approved (its label made).
    const first = await start();
    await addCartLine(db, shopper, product, { quantity: 1, size: 'S' });
    const placed = await first.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(shopper),
      payload: {
        delivery: TEST_DELIVERY,
        invoice: {
          companyName: 'Клиент ЕООД',
          companyId: '020469788',
          address: 'бул. Витоша 10',
          city: 'София',
          country: 'BG',
        },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().orderId as number;
    await payOnTestPage(first, placed.json().sessionId);
    const deliveredAt = new Date(Date.now() - 86_400_000);
    await db
      .update(orders)
      .set({ fulfilment: 'delivered', shippedAt: deliveredAt, deliveredAt })
      .where(eq(orders.id, orderId));
    const order = (await first.inject({ url: `/api/orders/${orderId}`, headers: bearer(shopper) })).json();
    const asked = await first.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/returns`,
      headers: bearer(shopper),
      payload: { outcome: 'refund', lines: [{ orderItemId: order.items[0].id, quantity: 1, reason: 'too-small' }] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const made = asked.json().return as { id: number; reference: string };
    await effectsRun(first);
    const stockBefore = await onHand();

    // The owner receives it; the commit is the last thing this process does: its workers had
    // taken what the commit wrote (a lease, an attempt) when it died.
    await first.outbox.stop();
    const received = await first.inject({
      method: 'POST',
      url: `/api/admin/returns/${made.id}/receive`,
      headers: bearer(admin),
      payload: { lines: [{ orderItemId: order.items[0].id, quantity: 1, condition: 'resell' }] },
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().return.status).toBe('refunded');
    const held = await db
      .update(effects)
      .set({ attempts: 1, lockedUntil: new Date(Date.now() + LEASE_MS) })
      .where(and(eq(effects.orderId, orderId), isNull(effects.doneAt)))
      .returning({ kind: effects.kind });
    expect(held.map((effect) => effect.kind)).toEqual(
      expect.arrayContaining([PROVIDER_REFUND.name, CREDIT_NOTE.name, RETURN_MAIL.name]),
    );
    await first.close();
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ idempotencyKey: `return-${made.id}`, amountCents: 5000, providerRefundId: null });
    const creditNotes = () => db.select().from(invoiceDocuments).where(eq(invoiceDocuments.refundId, refund!.id));
    expect(await creditNotes()).toHaveLength(0);

    // Started again. The embedded database has one process: what the dead one held is taken back
    // at once. PostgreSQL may have others alive: it waits for the lease (moved past here).
    const second = await start();
    if (shop.database.kind !== 'pglite') {
      await effectsRun(second);
      expect((await db.select().from(refunds).where(eq(refunds.id, refund!.id)))[0]!.providerRefundId).toBeNull();
      await db
        .update(effects)
        .set({ lockedUntil: new Date(Date.now() - 1) })
        .where(and(eq(effects.orderId, orderId), isNull(effects.doneAt)));
    }
    await effectsRun(second);
    await effectsRun(second);
    const mail = await shop.smtp.waitFor(
      shopper.email,
      (m) => m.subject === `Your return ${made.reference} is complete`,
    );
    expect(mail.text).toContain('We refunded you');
    await second.close();

    // Once each: the provider's refund (made, attempt 2: the dead worker's was the first), the
    // credit note, the mail; the unit back on hand once (in receive's own commit); nothing left.
    const [after] = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(after!.providerRefundId).toMatch(/^re_local_/);
    const [providerRefund] = await db
      .select()
      .from(effects)
      .where(eq(effects.key, PROVIDER_REFUND.key(refund!.id)));
    expect(providerRefund).toMatchObject({ attempts: 2, failedAt: null });
    expect(providerRefund!.doneAt).toBeInstanceOf(Date);
    expect(await creditNotes()).toMatchObject([{ kind: 'credit-note', totalCents: 5000 }]);
    expect(shop.smtp.messages.filter((m) => m.subject === `Your return ${made.reference} is complete`)).toHaveLength(1);
    expect(await onHand()).toBe(stockBefore + 1);
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.refundedCents).toBe(5000);
    const undone = await db
      .select({ key: effects.key })
      .from(effects)
      .where(and(eq(effects.orderId, orderId), isNull(effects.doneAt)));
    expect(undone).toEqual([]);
  }, 90_000);
});
