import { OPEN_RETURN_STATUSES, withdrawalRefundDeadline, type AdminReturns, type ReturnStatus } from '@shop/contract';
import { asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, productColors, returnLines, returns } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { readManyWithShopper } from '../orders/store.js';
import { labelSigner } from './label.js';
import { toReturn, type AdminReturnRead, type ReturnRow } from './read.js';

/** The owner's view of returns (YEAR.md section 2): the list with its filters, and one return. */

const isOpen = (status: ReturnStatus) => (OPEN_RETURN_STATUSES as readonly ReturnStatus[]).includes(status);

/** Open returns first, the oldest (the nearest deadline) first; then the others, newest first. */
const byUrgency = [
  sql`case when ${returns.status} in ('requested', 'approved', 'in-transit', 'received') then 0 else 1 end`,
  sql`case when ${returns.status} in ('requested', 'approved', 'in-transit', 'received') then ${returns.createdAt} end asc`,
  desc(returns.createdAt),
  desc(returns.id),
];

type StatusFilter = ReturnStatus | 'open' | 'closed' | undefined;

const whereStatus = (status: StatusFilter): SQL | undefined => {
  if (status === 'open') return inArray(returns.status, [...OPEN_RETURN_STATUSES]);
  if (status === 'closed') return notInArray(returns.status, [...OPEN_RETURN_STATUSES]);
  return status ? eq(returns.status, status) : undefined;
};

/** `GET /api/admin/returns?status=&page=`: a page of returns, with how many wait for the owner (the badge). */
export async function listAdminReturns(
  db: Db,
  { status, page, limit }: { status?: StatusFilter; page: number; limit: number },
): Promise<Omit<AdminReturns, 'data'> & { data: AdminReturnRead[] }> {
  const where = whereStatus(status);
  const [rows, [total], [open]] = await Promise.all([
    db
      .select()
      .from(returns)
      .where(where)
      .orderBy(...byUrgency)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(returns).where(where),
    db.select({ open: count() }).from(returns).where(whereStatus('open')),
  ]);
  return { data: await toAdminReturns(db, rows), total: total?.total ?? 0, page, limit, open: open?.open ?? 0 };
}

/** One return as the owner sees it (404 when there is none). */
export async function readAdminReturn(db: Db | Tx, id: number): Promise<AdminReturnRead> {
  const rows = await db.select().from(returns).where(eq(returns.id, id));
  const [found] = await toAdminReturns(db, rows);
  if (!found) throw notFound('Return not found');
  return found;
}

/** The rows with their lines named, their orders and shoppers: four queries for any number. */
async function toAdminReturns(db: Db | Tx, rows: ReturnRow[]): Promise<AdminReturnRead[]> {
  if (rows.length === 0) return [];
  const [lines, orders, sign] = await Promise.all([
    db
      .select({
        line: returnLines,
        item: orderItems,
        exchangeColorName: productColors.colorName,
        exchangeColorNameBg: productColors.colorNameBg,
      })
      .from(returnLines)
      .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
      .leftJoin(productColors, eq(productColors.id, returnLines.exchangeColorId))
      .where(
        inArray(
          returnLines.returnId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(returnLines.id)),
    readManyWithShopper(db, [...new Set(rows.map((row) => row.orderId))]),
    labelSigner(
      db,
      rows.some((row) => row.label),
    ),
  ]);
  return rows.map((row) => {
    const own = lines.filter(({ line }) => line.returnId === row.id);
    const order = orders.get(row.orderId);
    const settled = !isOpen(row.status);
    return {
      ...toReturn(
        row,
        own.map(({ line }) => line),
        sign,
      ),
      orderReference: order?.row.reference ?? '',
      customer: order?.shopper ?? null,
      locale: order?.row.locale ?? 'en',
      refundDueAt: settled ? null : withdrawalRefundDeadline(row.createdAt).toISOString(),
      receivedAt: row.receivedAt?.toISOString() ?? null,
      items: own.map(({ line, item, exchangeColorName, exchangeColorNameBg }) => ({
        orderItemId: line.orderItemId,
        name: item.name,
        nameBg: item.nameBg,
        colorName: item.colorName,
        colorNameBg: item.colorNameBg,
        size: item.size,
        quantity: line.quantity,
        exchangeColorName: line.exchangeColorId === null ? null : (exchangeColorName ?? null),
        exchangeColorNameBg: line.exchangeColorId === null ? null : (exchangeColorNameBg ?? null),
        resell: line.resell,
        damaged: line.damaged,
      })),
    };
  });
}
