import { LOW_STOCK, type Stats, fromCents } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { availableStock, onSale, productName } from '../../db/fragments.js';

/** Orders that are sales: paid (or being refunded), or placed to be paid on delivery. */
const SALES = sql`o.status in ('paid', 'placed', 'refunded')`;

/**
 * The dashboard's figures for the last `days` days, today included (UTC): orders and revenue
 * (net of refunds) per day, their totals, the best-selling products, and the variants of tracked
 * products with LOW_STOCK or fewer left.
 */
export async function orderStats(db: Db, days: number): Promise<Stats> {
  const since = sql`(current_date - ${days - 1}::int)`;
  const [perDay, top, low] = await Promise.all([
    db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as date, count(o.id)::int as orders,
        coalesce(sum(o.total_cents - o.refunded_cents), 0)::int as revenue
      from generate_series(${since}, current_date, interval '1 day') as day
      left join orders o on (o.created_at at time zone 'UTC')::date = day and ${SALES}
      group by day order by day`),
    db.execute(sql`
      select oi.product_id, max(oi.name) as name, sum(oi.quantity)::int as quantity,
        sum(oi.quantity * oi.unit_price_cents)::int as revenue
      from order_items oi join orders o on o.id = oi.order_id
      where ${SALES} and o.created_at >= ${since}
      group by oi.product_id order by quantity desc, revenue desc limit 5`),
    db.execute(sql`
      select p.id as product_id, ${productName('en')} as name, c.color_name, c.color_name_bg,
        s.size, ${availableStock()} as available
      from products p
      join product_colors c on c.product_id = p.id
      join product_sizes s on s.product_id = p.id
      left join product_stock ps on ps.color_id = c.id and ps.size = s.size
      where p.stock_tracked and ${onSale()} and ${availableStock()} <= ${LOW_STOCK}
      order by ${availableStock()}, p.id, c.position, s.size limit 20`),
  ]);
  // Cents are added, and turned into the currency's unit only in the answer.
  const dayRows = rowsOf<{ date: string; orders: number; revenue: number }>(perDay);
  const orders = dayRows.reduce((sum, day) => sum + day.orders, 0);
  const revenueCents = dayRows.reduce((sum, day) => sum + day.revenue, 0);
  return {
    days: dayRows.map((row) => ({ date: row.date, orders: row.orders, revenue: fromCents(row.revenue) })),
    totals: {
      orders,
      revenue: fromCents(revenueCents),
      averageOrder: orders === 0 ? 0 : fromCents(Math.round(revenueCents / orders)),
    },
    topProducts: rowsOf<{ product_id: number; name: string; quantity: number; revenue: number }>(top).map((row) => ({
      productId: row.product_id,
      name: row.name,
      quantity: row.quantity,
      revenue: fromCents(row.revenue),
    })),
    lowStock: rowsOf<{
      product_id: number;
      name: string;
      color_name: string;
      color_name_bg: string;
      size: string;
      available: number;
    }>(low).map((row) => ({
      productId: row.product_id,
      name: row.name,
      colorName: row.color_name,
      colorNameBg: row.color_name_bg,
      size: row.size,
      available: row.available,
    })),
  };
}
