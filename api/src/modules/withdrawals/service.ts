import type { Withdrawal } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderItems, orders, users, withdrawals } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { recordEvent } from '../orders/lifecycle.js';
import { settingsRow } from '../settings/service.js';

const DAY_MS = 24 * 3_600_000;

export interface WithdrawalRequest {
  orderId: number;
  /** The signed-in owner; or, for the public form, the order's email (the customer's). */
  who: { userId: number } | { email: string };
  name?: string;
  items?: { orderItemId: number; quantity: number }[] | undefined;
  reason?: string | undefined;
}

const invalid = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', message, { [field]: message });

/**
 * The withdrawal function (Directive (EU) 2023/2673, OPERATIONS.md section 6): a shopper
 * withdraws from the contract of a paid or placed order, from purchase until `returnDays` after
 * delivery, once. All lines by default, or some of them. Answers what was recorded, with the
 * name and email the acknowledgement goes to. The order is looked up the same way whoever asks:
 * an order that is not theirs (or whose email does not match) is "not found".
 */
export async function withdraw(
  db: Db,
  request: WithdrawalRequest,
): Promise<Withdrawal['withdrawal'] & { name: string; email: string }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        fulfilment: orders.fulfilment,
        deliveredAt: orders.deliveredAt,
        userId: orders.userId,
        email: sql<string | null>`coalesce(${orders.email}, ${users.email})`,
        name: users.name,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, request.orderId))
      .for('update', { of: orders });
    const theirs =
      order &&
      ('userId' in request.who
        ? order.userId === request.who.userId
        : order.email !== null && order.email === request.who.email);
    if (!order || !theirs) throw notFound('We found no order with this number and email address.');
    const [earlier] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.orderId, order.id));
    if (earlier) throw conflict('ALREADY_WITHDRAWN', 'You have already withdrawn from this order.');
    if ((order.status !== 'paid' && order.status !== 'placed') || order.fulfilment === 'returned') {
      throw new AppError(
        409,
        'INVALID_TRANSITION',
        `There is nothing to withdraw from: this order is ${order.status}.`,
      );
    }
    const { returnDays } = await settingsRow(tx);
    if (order.deliveredAt && Date.now() > order.deliveredAt.getTime() + returnDays * DAY_MS) {
      throw conflict(
        'WITHDRAWAL_PERIOD_OVER',
        `The ${returnDays}-day withdrawal period for this order ended on ${new Date(
          order.deliveredAt.getTime() + returnDays * DAY_MS,
        )
          .toISOString()
          .slice(0, 10)}.`,
      );
    }
    const lines = await tx
      .select({ id: orderItems.id, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const items = request.items ?? lines.map((line) => ({ orderItemId: line.id, quantity: line.quantity }));
    const seen = new Set<number>();
    items.forEach((item, index) => {
      const line = lines.find((candidate) => candidate.id === item.orderItemId);
      if (!line || seen.has(item.orderItemId))
        throw invalid(`items.${index}.orderItemId`, 'This is not an item of this order.');
      if (item.quantity > line.quantity) {
        throw invalid(`items.${index}.quantity`, `At most ${line.quantity} of this item were ordered.`);
      }
      seen.add(item.orderItemId);
    });
    const name = request.name ?? order.name ?? '';
    const email = 'email' in request.who ? request.who.email : (order.email ?? '');
    const [row] = await tx
      .insert(withdrawals)
      .values({
        orderId: order.id,
        items,
        reason: request.reason || null,
        name,
        email,
        via: 'userId' in request.who ? 'account' : 'public',
      })
      .returning();
    await recordEvent(tx, order.id, 'withdrawal', { detail: { via: row!.via } });
    return {
      id: row!.id,
      orderId: order.id,
      submittedAt: row!.submittedAt.toISOString(),
      items: row!.items,
      name,
      email,
    };
  });
}

/** Orders whose withdrawal the owner has yet to settle (the Orders screen's filter). */
export const withdrawalPending = () =>
  sql`exists (select 1 from withdrawals w where w.order_id = ${orders.id}) and ${orders.status} in ('paid', 'placed')
    and ${orders.fulfilment} <> 'returned'`;
