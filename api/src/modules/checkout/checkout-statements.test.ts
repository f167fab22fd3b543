import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { cartItems, effects, orderEvents, orders, productStock, stockAlerts } from '../../db/schema.js';
import type { CreatedProduct } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { CLOSE_SESSION } from '../orders/effect-kinds.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';
import { BACK_IN_STOCK } from '../stock/effect-kinds.js';
import { createCheckout } from './service.js';

/**
 * Decision 0091: the statements one checkout takes, counted on the embedded database's one
 * connection (its begin and commit are not logged there: on PostgreSQL, 7 and 10). A checkout that replaces the shopper's earlier one gives its stock back in the new
 * order's statement, and writes the cancellation's event with its effects in one. Decision 0099:
 * cash on delivery sells its stock in the order's statement too, and takes the cart's lines in one.
 * (The route reads the settings row from memory: one statement fewer than counted here.)
 */
const t = useTestApp();

/** A checkout run on a database that counts its statements. */
function countingCheckout(shopper: { id: number; email: string }, paymentMethod: 'card' | 'cod') {
  let statements = 0;
  const counted = drizzle(t.database.pglite!, {
    schema,
    logger: { logQuery: () => void (statements += 1) },
  }) as unknown as Db;
  return async () => {
    statements = 0;
    const started = await createCheckout(counted, t.app.payments, shopper, {
      lang: 'en',
      currency: t.config.currency,
      delivery: TEST_DELIVERY,
      paymentMethod,
      saveDelivery: false,
      courier: t.app.couriers.gateway,
    });
    return { orderId: started.orderId, statements };
  };
}

/** What is on hand and reserved of the variant the cart holds (the first colour, the first size). */
const stockOf = async (product: CreatedProduct) => {
  const [row] = await t.db
    .select({ onHand: productStock.onHand, reserved: productStock.reserved })
    .from(productStock)
    .where(and(eq(productStock.colorId, product.colors[0]!.id), eq(productStock.size, product.sizes[0]!)));
  return row;
};

describe('a checkout by card', () => {
  it('takes 5 statements, and 8 when it replaces an earlier one, which it cancels with its stock back', async () => {
    const shopper = await t.createUser();
    const coat = await t.createProduct({ stock: 5 });
    const scarf = await t.createProduct({ stock: 3 });
    await addCartLine(t.db, shopper, coat, { quantity: 2 });
    await addCartLine(t.db, shopper, scarf, { quantity: 1 });
    const checkout = countingCheckout(shopper, 'card');
    const reservedOf = async (product: CreatedProduct) => (await stockOf(product))?.reserved;

    const first = await checkout();
    expect(first.statements).toBe(5);
    const second = await checkout();
    expect(second.statements).toBe(8);

    // The first is cancelled, its stock back and held again by the second: as much as one holds.
    const [cancelled] = await t.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(cancelled?.status).toBe('cancelled');
    expect([await reservedOf(coat), await reservedOf(scarf)]).toEqual([2, 1]);
    // Its event says what its effects need not do (decision 0102): its session was the built-in
    // page's (the order itself), and no one waits for its sizes; so it asks for none.
    const cancellation = async (orderId: number) => {
      const [event] = await t.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'cancelled')));
      const written = await t.db.select().from(effects).where(eq(effects.orderId, orderId));
      return { event: event!, effects: written.map((effect) => effect.key) };
    };
    const quiet = await cancellation(first.orderId);
    expect(quiet.event.detail).toEqual({ shopSession: true, noneAwaited: true });
    expect(quiet.effects).toEqual([]);

    // Someone waits for the coat's size: the next replacement asks for them to be told, in as many statements.
    const waiter = await t.createUser();
    await t.db.insert(stockAlerts).values({
      userId: waiter.id,
      productId: coat.id,
      colorId: coat.colors[0]!.id,
      size: coat.sizes[0]!,
    });
    expect((await checkout()).statements).toBe(8);
    const awaited = await cancellation(second.orderId);
    expect(awaited.event.detail).toEqual({ shopSession: true });
    expect(awaited.effects).toEqual([BACK_IN_STOCK.key(awaited.event.id)]);
    // A provider's own session is closed there (Stripe: stripe.test.ts); the built-in page's never is.
    expect(awaited.effects).not.toContain(CLOSE_SESSION.key(second.orderId));
  });
});

describe('a checkout by cash on delivery', () => {
  it('takes 7 statements, and 10 when it replaces a card checkout: its sale is in the order statement', async () => {
    const shopper = await t.createUser();
    const coat = await t.createProduct({ stock: 5 });
    const scarf = await t.createProduct({ stock: 3 });
    await addCartLine(t.db, shopper, coat, { quantity: 2 });
    await addCartLine(t.db, shopper, scarf, { quantity: 1 });
    const placed = await countingCheckout(shopper, 'cod')();
    expect(placed.statements).toBe(7);
    // Sold at once: off hand, nothing reserved, the bought lines off the cart.
    expect([await stockOf(coat), await stockOf(scarf)]).toEqual([
      { onHand: 3, reserved: 0 },
      { onHand: 2, reserved: 0 },
    ]);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toEqual([]);

    // A card checkout, then cash on delivery in its place: its reservation back, the sale taken, in one update.
    await addCartLine(t.db, shopper, coat, { quantity: 1 });
    const card = await countingCheckout(shopper, 'card')();
    expect(await stockOf(coat)).toEqual({ onHand: 3, reserved: 1 });
    const replacing = await countingCheckout(shopper, 'cod')();
    expect(replacing.statements).toBe(10);
    expect([await stockOf(coat), await stockOf(scarf)]).toEqual([
      { onHand: 2, reserved: 0 },
      { onHand: 2, reserved: 0 },
    ]);
    const [cancelled] = await t.db.select().from(orders).where(eq(orders.id, card.orderId));
    expect(cancelled?.status).toBe('cancelled');
    const [sold] = await t.db.select().from(orders).where(eq(orders.id, replacing.orderId));
    expect(sold?.status).toBe('placed');
  });
});
