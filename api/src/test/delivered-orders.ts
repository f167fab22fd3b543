import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/rows.js';
import { TEST_DELIVERY } from '../modules/payments/test-support.js';

/** An order's delivery as the checkout stores it (every field, null where it does not apply). */
const ORDER_DELIVERY = { ...TEST_DELIVERY, office: null, note: null };

/**
 * A delivered card order of one unit of `size` of a product's colour for each of `userIds`, written
 * in one statement (placing them through checkout one by one would take most of a minute on PGlite):
 * delivered yesterday, so within the withdrawal period. For the exchange race (returns.test.ts)
 * and the returns bench. Answers each order's shopper, order and line, in the order of `userIds`.
 */
export async function deliveredOrdersOfOne(
  db: Db,
  line: { productId: number; colorId: number; size: string },
  userIds: number[],
) {
  return queryRows(
    db,
    z.object({ user_id: z.number(), order_id: z.number(), item_id: z.number() }),
    sql`
    with made as (
      insert into orders (user_id, email, status, payment_method, fulfilment, currency, subtotal_cents,
        delivery_cents, total_cents, payment_provider, payment_reference, created_at, paid_at, shipped_at,
        delivered_at, delivery)
      select u, 'shopper' || u || '@example.com', 'paid', 'card', 'delivered', 'EUR', 5000, 690, 5690, 'local',
        'pi_local_' || u, now() - interval '3 days', now() - interval '3 days', now() - interval '2 days',
        now() - interval '1 day', ${JSON.stringify(ORDER_DELIVERY)}::jsonb
      from unnest(${`{${userIds.join(',')}}`}::int[]) u
      returning id, user_id
    ), lines as (
      insert into order_items (order_id, product_id, color_id, name, color_name, size, unit_price_cents, quantity,
        stock_quantity)
      select made.id, ${line.productId}, ${line.colorId}, 'Linen shirt', 'Onyx', ${line.size}, 5000, 1, 1 from made
      returning id, order_id
    )
    select made.user_id, made.id as order_id, lines.id as item_id from made join lines on lines.order_id = made.id
    order by made.id`,
  );
}
