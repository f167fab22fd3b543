import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { ORDER_TABLE, stepResult, type OrderFacts, type PaymentProviderName } from '@shop/contract';
import { intArray } from '../../db/fragments.js';
import { runPrepared } from '../../db/prepared.js';
import { eventDetail } from '../../platform/outbox/declare.js';
import { CLOSES_SESSIONS } from '../../platform/payments/provider.js';
import { orders } from '../../db/schema.js';
import { releaseReservations } from '../stock/service.js';
import { giveBackHeld } from '../gift-cards/ledger.js';
import { ownStatusIs } from './reads.js';
import { recordEvents } from './store.js';

/**
 * Takes the bought quantities off the cart: lines fully covered go, larger ones shrink, in one
 * statement (two before: a round trip less for every order placed or paid, decision 0099).
 */
export async function removeBoughtCartLines(tx: Tx, order: { id: number; userId: number | null }): Promise<void> {
  if (order.userId === null) return;
  await runPrepared(
    tx,
    'remove_bought_cart_lines',
    ($) => {
      const sameLine = sql`oi.order_id = ${$.orderId} and c.user_id = ${$.userId}
        and c.product_id = oi.product_id and c.color_id = oi.color_id and c.size = oi.size`;
      // Two parts of one statement, on disjoint lines; each still reads the line's own quantity.
      return sql`
    with gone as (delete from cart_items c using order_items oi where ${sameLine} and c.quantity <= oi.quantity)
    update cart_items c set quantity = c.quantity - oi.quantity, updated_at = now()
    from order_items oi where ${sameLine} and c.quantity > oi.quantity`;
    },
    { orderId: order.id, userId: order.userId },
  );
}

export interface ClosedOrder {
  id: number;
  userId: number | null;
  paymentProvider: string;
  paymentSessionId: string | null;
}

/** What the table knows of every order `closePending` closes. */
const PENDING_CHECKOUT: OrderFacts = {
  status: 'pending',
  fulfilment: 'unfulfilled',
  paymentMethod: 'card',
  totalCents: 0,
  refundedCents: 0,
  awaitsConfirmation: false,
  withdrawn: false,
};

/**
 * Closes pending orders (a new checkout replaced them, their session ran out, their payment
 * failed, they were cancelled): those of `which` ids, or the shopper's open checkout, and gives
 * back the stock they reserved (unless `stockBack` says the caller does: a replacing checkout
 * does in its order's statement). Order rows are locked first, then stock rows. Answers what was
 * closed; their providers' sessions close after commit (an effect of the event).
 */
export async function closePending(
  tx: Tx,
  which: number[] | { shopper: number },
  step: 'cancel' | 'expire' | 'fail',
  detail: Record<string, unknown> = {},
  { stockBack = false }: { stockBack?: boolean } = {},
): Promise<ClosedOrder[]> {
  const byIds = Array.isArray(which);
  // A pending checkout is a card order not yet paid: the table's rule for the step says where it goes.
  const { status } = stepResult(step, PENDING_CHECKOUT);
  const { event } = ORDER_TABLE[step];
  // Built once (db/prepared.ts): a replaced checkout's cancellation runs it at every checkout.
  const { rows } = await runPrepared(
    tx,
    `close_pending_${byIds ? 'ids' : 'shopper'}`,
    ($) => sql`update orders set status = ${$.status}
      where ${byIds ? sql`id = any(${$.ids}::int[])` : sql`user_id = ${$.shopper}`} and ${ownStatusIs(sql`orders`, 'pending')}
      returning id, user_id, payment_provider, payment_session_id,
        exists (select 1 from order_items oi join stock_alerts a on a.color_id = oi.color_id and a.size = oi.size
          where oi.order_id = orders.id and oi.stock_quantity > 0) as awaited`,
    byIds ? { status, ids: intArray(which) } : { status, shopper: which.shopper },
  );
  const closed = (rows as ClosedRow[]).map((row) => ({
    id: row.id,
    userId: row.user_id,
    paymentProvider: row.payment_provider,
    paymentSessionId: row.payment_session_id,
  }));
  const ids = closed.map((order) => order.id);
  if (!stockBack) await releaseReservations(tx, ids);
  // What gift cards and store credit held for these checkouts goes back to them.
  await giveBackHeld(tx, ids);
  // Each event says which of its effects would have nothing to do (decision 0102): a session that
  // was the shop's own has nothing to close, and stock no alert waits for has no one to tell. An
  // alert written while this transaction runs is found by the minute's sweep (EXPIRE_LAPSED).
  await recordEvents(
    tx,
    (rows as ClosedRow[]).map((row) => ({
      orderId: row.id,
      type: event,
      detail: eventDetail(event, {
        ...detail,
        ...(CLOSES_SESSIONS[row.payment_provider as PaymentProviderName] === false ? { shopSession: true } : {}),
        ...(row.awaited ? {} : { noneAwaited: true }),
      }),
    })),
  );
  return closed;
}

interface ClosedRow {
  id: number;
  user_id: number | null;
  payment_provider: string;
  payment_session_id: string | null;
  /** Whether a shopper waits for any size it held (a stock alert). */
  awaited: boolean;
}

/** A checkout whose provider session could not be opened: closed (its stock back) and gone, as if never made. */
export async function dropCheckout(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await closePending(tx, [id], 'cancel');
    await tx.delete(orders).where(eq(orders.id, id));
  });
}

/** Most lapsed checkouts one sweep closes (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * Closes lapsed checkouts (`expires_at` passed) as `expired` and gives back their stock (every
 * minute: EXPIRE_LAPSED, effects.ts). Safe in several processes at once: each takes the orders no
 * other sweep or payment holds (SKIP LOCKED). `scope` narrows it to some orders (a page reading them). Answers what it closed.
 */
export async function expireLapsed(db: Db, scope?: SQL): Promise<ClosedOrder[]> {
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, sql`now()`), scope))
      .orderBy(orders.id)
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    if (lapsed.length === 0) return [];
    return closePending(
      tx,
      lapsed.map((order) => order.id),
      'expire',
    );
  });
}
