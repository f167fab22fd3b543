import type { Withdrawal } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, users, withdrawals } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { recordEvent } from '../orders/lifecycle.js';
import { settingsRow } from '../settings/service.js';

const DAY_MS = 24 * 3_600_000;

export interface WithdrawalRequest {
  orderId: number;
  /**
   * The signed-in owner; or a public request whose mailed link was opened (it proved the order's
   * mailbox): the name it gave and when it was submitted, which is when the law counts it.
   */
  who: { userId: number } | { confirmed: { name: string; submittedAt: Date } };
  items?: { orderItemId: number; quantity: number }[] | undefined;
  reason?: string | undefined;
}

const invalid = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', message, { [field]: message });

/** The order's own addressee: the account's name, else (account deleted) the delivery's; its email likewise. */
export const orderName = sql<string>`coalesce(${users.name}, ${orders.delivery}->>'name', '')`;
export const orderEmail = sql<string | null>`coalesce(${orders.email}, ${users.email})`;

export type RecordedWithdrawal = Withdrawal['withdrawal'] & { name: string; email: string };

/**
 * The withdrawal function (Directive (EU) 2023/2673, OPERATIONS.md section 6): a shopper
 * withdraws from the contract of a paid or placed order, from purchase until `returnDays` after
 * delivery (counted at the submission), once. All lines by default, or some of them. Answers what
 * was recorded, with the order's own name and email, which the acknowledgement greets and goes
 * to. Another shopper's order is "not found".
 */
export const withdraw = (db: Db, request: WithdrawalRequest): Promise<RecordedWithdrawal> =>
  db.transaction((tx) => recordWithdrawal(tx, request));

/** `withdraw` inside the caller's transaction (a confirmed public request marks itself used in the same one). */
export async function recordWithdrawal(tx: Tx, request: WithdrawalRequest): Promise<RecordedWithdrawal> {
  const [order] = await tx
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      fulfilment: orders.fulfilment,
      deliveredAt: orders.deliveredAt,
      userId: orders.userId,
      email: orderEmail,
      name: orderName,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, request.orderId))
    .for('update', { of: orders });
  const theirs = order && ('userId' in request.who ? order.userId === request.who.userId : true);
  if (!order || !theirs) throw notFound('Order not found');
  const submittedAt = 'confirmed' in request.who ? request.who.confirmed.submittedAt : new Date();
  const [earlier] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.orderId, order.id));
  if (earlier) throw conflict('ALREADY_WITHDRAWN', 'You have already withdrawn from this order.');
  if ((order.status !== 'paid' && order.status !== 'placed') || order.fulfilment === 'returned') {
    throw new AppError(409, 'INVALID_TRANSITION', `There is nothing to withdraw from: this order is ${order.status}.`);
  }
  const { returnDays } = await settingsRow(tx);
  if (order.deliveredAt && submittedAt.getTime() > order.deliveredAt.getTime() + returnDays * DAY_MS) {
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
  const email = order.email ?? '';
  const [row] = await tx
    .insert(withdrawals)
    .values({
      orderId: order.id,
      submittedAt,
      items,
      reason: request.reason || null,
      // The declarant as they named themself (kept for the record, never mailed).
      name: 'confirmed' in request.who ? request.who.confirmed.name : order.name,
      email,
      via: 'userId' in request.who ? 'account' : 'public',
    })
    .returning();
  await recordEvent(tx, order.id, 'withdrawal', { detail: { via: row!.via } });
  return {
    id: row!.id,
    orderId: order.id,
    reference: order.reference,
    submittedAt: row!.submittedAt.toISOString(),
    items: row!.items,
    name: order.name,
    email,
  };
}

/** Orders whose withdrawal the owner has yet to settle (the Orders screen's filter). */
export const withdrawalPending = () =>
  sql`exists (select 1 from withdrawals w where w.order_id = ${orders.id}) and ${orders.status} in ('paid', 'placed')
    and ${orders.fulfilment} <> 'returned'`;
