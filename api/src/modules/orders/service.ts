import type { Order } from '@shop/contract';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { expireStaleLocalOrders } from '../payments/service.js';

/** A shopper's history is bounded: the newest orders are what anyone reads. */
export const ORDER_LIST_MAX = 100;

/** Two queries for any number of orders: the orders, then all their lines. */
async function readOrders(db: Db, where: SQL, limit: number): Promise<Order[]> {
  await expireStaleLocalOrders(db, where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(orderItems.id);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    total: row.totalCents / 100,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    items: lines
      .filter((line) => line.orderId === row.id)
      .map((line) => ({
        productId: line.productId,
        name: line.name,
        colorName: line.colorName,
        size: line.size,
        unitPrice: line.unitPriceCents / 100,
        quantity: line.quantity,
        imageUrl: line.imageUrl,
      })),
  }));
}

export const listOrders = (db: Db, userId: number) => readOrders(db, eq(orders.userId, userId), ORDER_LIST_MAX);

/** Another shopper's order answers exactly like a missing one. */
async function readOne(db: Db, where: SQL): Promise<Order> {
  const [order] = await readOrders(db, where, 1);
  if (!order) throw notFound('Order not found');
  return order;
}

export const getOrder = (db: Db, userId: number, id: number) =>
  readOne(db, and(eq(orders.userId, userId), eq(orders.id, id)) as SQL);

export const getOrderBySession = (db: Db, userId: number, sessionId: string) =>
  readOne(db, and(eq(orders.userId, userId), eq(orders.paymentSessionId, sessionId)) as SQL);
