import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { effects, orderEvents, orders, productStock } from '../../db/schema.js';
import type { CreatedProduct } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { CLOSE_SESSION } from '../orders/effect-kinds.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';
import { BACK_IN_STOCK } from '../stock/effect-kinds.js';
import { createCheckout } from './service.js';

/**
 * Decision 0091: the statements one checkout takes, counted on the embedded database's one
 * connection (its begin and commit are not logged there: on PostgreSQL, 7 and 10). A checkout that replaces the shopper's earlier one gives its stock back in the new
 * order's statement, and writes the cancellation's event with its effects in one.
 */
const t = useTestApp();

describe('a checkout by card', () => {
  it('takes 5 statements, and 8 when it replaces an earlier one, which it cancels with its stock back', async () => {
    const shopper = await t.createUser();
    const coat = await t.createProduct({ stock: 5 });
    const scarf = await t.createProduct({ stock: 3 });
    await addCartLine(t.db, shopper, coat, { quantity: 2 });
    await addCartLine(t.db, shopper, scarf, { quantity: 1 });
    let statements = 0;
    const counted = drizzle(t.database.pglite!, {
      schema,
      logger: { logQuery: () => void (statements += 1) },
    }) as unknown as Db;
    const checkout = async () => {
      statements = 0;
      const started = await createCheckout(counted, t.app.payments, shopper, {
        lang: 'en',
        currency: t.config.currency,
        delivery: TEST_DELIVERY,
        paymentMethod: 'card',
        saveDelivery: false,
        courier: t.app.couriers.gateway,
      });
      return { orderId: started.orderId, statements };
    };
    // What is reserved of the variant the cart holds (the first colour, the first size).
    const reservedOf = async (product: CreatedProduct) => {
      const [row] = await t.db
        .select({ reserved: productStock.reserved })
        .from(productStock)
        .where(and(eq(productStock.colorId, product.colors[0]!.id), eq(productStock.size, product.sizes[0]!)));
      return row?.reserved;
    };

    const first = await checkout();
    expect(first.statements).toBe(5);
    const second = await checkout();
    expect(second.statements).toBe(8);

    // The first is cancelled, its stock back and held again by the second: as much as one holds.
    const [cancelled] = await t.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(cancelled?.status).toBe('cancelled');
    expect([await reservedOf(coat), await reservedOf(scarf)]).toEqual([2, 1]);
    // Its event and the effects it asks for (the session closed, stock come back looked for), keyed by the event.
    const [event] = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, first.orderId), eq(orderEvents.type, 'cancelled')));
    const written = await t.db.select().from(effects).where(eq(effects.orderId, first.orderId));
    expect(written.map((effect) => effect.key).sort()).toEqual(
      [BACK_IN_STOCK.key(event!.id), CLOSE_SESSION.key(first.orderId)].sort(),
    );
  });
});
