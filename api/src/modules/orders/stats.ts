import type { Stats } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { orders } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { lowStock } from '../stock/low-stock.js';

/** Orders that are sales: paid (or being refunded), or placed to be paid on delivery. */
const SALES = sql`o.status in ('paid', 'placed', 'refunded')`;

/**
 * Orders the owner has to ship: paid or placed, not yet shipped, not waiting for their confirmation
 * (the orders list filters the same: `?ship=due`).
 */
export const toShip = (): SQL =>
  sql`(${orders.status} in ('paid', 'placed') and ${orders.fulfilment} = 'unfulfilled'
    and not (${orders.confirmationRequired} and ${orders.confirmedAt} is null))`;

/** Low-stock variants the dashboard lists (the fewest left first). */
const LOW_STOCK_SHOWN = 10;

/**
 * The dashboard's figures for the last `days` days, today included (UTC): orders and revenue
 * (net of refunds) per day, their totals, the best-selling products, the variants of tracked
 * products with LOW_STOCK or fewer left, how many orders wait to be shipped, and the discount
 * codes most used, with what they took off.
 */
export async function orderStats(db: Db, days: number): Promise<Stats> {
  const since = sql`(current_date - ${days - 1}::int)`;
  const [dayRows, top, low, shipping, codes] = await Promise.all([
    queryRows(
      db,
      z.object({ date: z.string(), orders: z.number(), revenue: z.number() }),
      sql`
      select to_char(day, 'YYYY-MM-DD') as date, count(o.id)::int as orders,
        coalesce(sum(o.total_cents - o.refunded_cents), 0)::int as revenue
      from generate_series(${since}, current_date, interval '1 day') as day
      left join orders o on (o.created_at at time zone 'UTC')::date = day and ${SALES}
      group by day order by day`,
    ),
    queryRows(
      db,
      z.object({
        product_id: z.number(),
        name: z.string(),
        name_bg: z.string(),
        quantity: z.number(),
        revenue: z.number(),
      }),
      sql`
      select oi.product_id, max(oi.name) as name, max(oi.name_bg) as name_bg, sum(oi.quantity)::int as quantity,
        sum(oi.quantity * oi.unit_price_cents - oi.discount_cents)::int as revenue
      from order_items oi join orders o on o.id = oi.order_id
      where ${SALES} and o.created_at >= ${since}
      group by oi.product_id order by quantity desc, revenue desc limit 5`,
    ),
    lowStock(db, LOW_STOCK_SHOWN),
    db.$count(orders, toShip()),
    queryRows(
      db,
      z.object({ code: z.string(), orders: z.number(), amount: z.number() }),
      sql`
      select max(o.discount_code) as code, count(*)::int as orders, sum(o.discount_cents)::int as amount
      from orders o
      where ${SALES} and o.created_at >= ${since} and o.discount_code is not null
      group by lower(o.discount_code) order by orders desc, amount desc limit 5`,
    ),
  ]);
  const orderCount = dayRows.reduce((sum, day) => sum + day.orders, 0);
  const revenueCents = dayRows.reduce((sum, day) => sum + day.revenue, 0);
  return {
    days: dayRows,
    totals: {
      orders: orderCount,
      revenue: revenueCents,
      averageOrder: orderCount === 0 ? 0 : Math.round(revenueCents / orderCount),
    },
    topProducts: top.map((row) => ({
      productId: row.product_id,
      name: row.name,
      nameBg: row.name_bg,
      quantity: row.quantity,
      revenue: row.revenue,
    })),
    lowStock: low,
    toShip: shipping,
    discountCodes: codes,
  };
}
