import { type AdminOrdersResponse, type OrderStatus } from '@shop/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { SharedCache } from '../../platform/cache/shared-cache.js';
import { withCustomers, type AdminOrderRead } from './service.js';
import { toShip } from './stats.js';
import type { OrderRow } from './store.js';

/** The admin's Orders screen: a page of orders by its filters, and one order (docs/decisions/0022, 0026). */

/** Orders whose withdrawal the owner has yet to settle (the Orders screen's filter). */
const withdrawalPending = () =>
  sql`exists (select 1 from withdrawals w where w.order_id = ${orders.id}) and ${orders.status} in ('paid', 'placed')
    and ${orders.fulfilment} <> 'returned'`;

export interface OrdersFilter {
  status?: OrderStatus | undefined;
  fulfilment?: OrderRow['fulfilment'] | undefined;
  withdrawal?: 'requested' | undefined;
  ship?: 'due' | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
}

/**
 * `q`: an order number (`123`, `#123`) or reference (`3F9A0C21B7D4`, any case), or part of the
 * customer's email or name, or the delivery's name or phone.
 */
function matching(q: string): SQL {
  const number = /^#?(\d{1,9})$/.exec(q)?.[1];
  const reference = /^#?([0-9a-f]{12})$/i.exec(q)?.[1]?.toUpperCase();
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // A phone is found however it is written: `+359 87 …`, `0887…` (the trunk 0 is dropped).
  const digits = q.replace(/\D/g, '').replace(/^0+/, '');
  const text = sql`exists (select 1 from users u where u.id = ${orders.userId}
      and (u.email ilike ${like} or u.name ilike ${like}))
    or ${orders.delivery} ->> 'name' ilike ${like}
    ${digits.length >= 4 ? sql`or regexp_replace(${orders.delivery} ->> 'phone', '\\D', '', 'g') like ${`%${digits}%`}` : sql``}`;
  const exact = [
    ...(number ? [sql`${orders.id} = ${Number(number)}`] : []),
    ...(reference ? [sql`${orders.reference} = ${reference}`] : []),
  ];
  return sql`(${sql.join([...exact, text], sql` or `)})`;
}

/**
 * A page of orders, newest first, with how many match in all (docs/decisions/0022). Counting
 * every match costs more than the page itself with many orders, so `counts` keeps each filter's
 * total until an order is written (the change feed's `orders`).
 */
export async function listAdminOrders(
  db: Db,
  filter: OrdersFilter,
  counts?: SharedCache<number>,
): Promise<Omit<AdminOrdersResponse, 'data'> & { data: AdminOrderRead[] }> {
  const where = and(
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.fulfilment ? eq(orders.fulfilment, filter.fulfilment) : undefined,
    filter.withdrawal ? withdrawalPending() : undefined,
    filter.ship ? toShip() : undefined,
    filter.q ? matching(filter.q) : undefined,
  );
  const { page, limit, ...matches } = filter;
  const countAll = async () => {
    const [count] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where);
    return count?.total ?? 0;
  };
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  // The page's ids first (a filter's index holds them: the pages skipped never touch the rows), then its rows.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset((page - 1) * limit);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(inArray(orders.id, pageIds))
      .orderBy(...newestFirst),
    counts ? counts.get(JSON.stringify(matches), countAll) : countAll(),
  ]);
  return { data: await withCustomers(db, rows), total: total ?? 0, page, limit };
}

export async function getAdminOrder(db: Db, id: number): Promise<AdminOrderRead> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('Order not found');
  return (await withCustomers(db, [row]))[0]!;
}
