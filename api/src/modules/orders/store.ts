import type { OrderEventType } from '@shop/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { lockShopper } from '../../db/locks.js';
import { runPrepared } from '../../db/prepared.js';
import { orders, refunds, users, type RefundLine } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { eventDetail } from '../../platform/outbox/declare.js';
import { effectsOf } from '../../effect-subscriptions.js';

/**
 * The one owner of the `orders` and `order_events` rows (docs/decisions/0049): other modules ask
 * it to read, lock and write them, and never name the tables (orders/owner.test.ts checks). An
 * order moves only through `takeStep` (core.ts), on a row this file locked.
 */

export type OrderRow = typeof orders.$inferSelect;

/** An order row locked for a step, with the facts the transition table reads beyond its columns. */
export type LockedOrder = OrderRow & {
  /** A withdrawal was recorded for it (the table refuses a second one). */
  withdrawn: boolean;
};

/** Which order: its id, its reference (what shoppers type), or the payment provider's session that pays it. */
export type OrderKey = number | { reference: string } | { provider: string; sessionId: string };

/** The order `key` names, as a condition on the table (the order core's own queries). */
export const whereKey = (key: OrderKey): SQL =>
  typeof key === 'number'
    ? eq(orders.id, key)
    : 'reference' in key
      ? eq(orders.reference, key.reference)
      : (and(eq(orders.paymentSessionId, key.sessionId), eq(orders.paymentProvider, key.provider)) as SQL);

/**
 * Locks an order for a step in the caller's transaction, the one way every writer takes it: its
 * shopper's checkouts and payments wait first (`lockShopper`), then the row is locked. `of`: only
 * that shopper's order (another's answers as a missing one). Null when there is none.
 */
export async function lockOrder(tx: Tx, key: OrderKey, { of }: { of?: number } = {}): Promise<LockedOrder | null> {
  const where = whereKey(key);
  const [owner] = await tx.select({ userId: orders.userId }).from(orders).where(where);
  if (!owner || (of !== undefined && owner.userId !== of)) return null;
  if (owner.userId !== null) await lockShopper(tx, owner.userId);
  const [locked] = await tx
    // Spelled out: in a select list the builder leaves a column unqualified (`id`: the withdrawal's).
    .select({ row: orders, withdrawn: sql<boolean>`exists (select 1 from withdrawals w where w.order_id = orders.id)` })
    .from(orders)
    .where(where)
    .for('update', { of: orders });
  return locked ? { ...locked.row, withdrawn: locked.withdrawn } : null;
}

/** `fn` on the order locked (`lockOrder`) in the caller's transaction; 404 when there is none (or it is not `of`'s). */
export async function withOrder<T>(
  tx: Tx,
  key: OrderKey,
  fn: (order: LockedOrder) => Promise<T>,
  options: { of?: number } = {},
): Promise<T> {
  const order = await lockOrder(tx, key, options);
  if (!order) throw notFound('Order not found');
  return fn(order);
}

/** One order as it is now (not locked), or undefined. */
export async function readOrder(db: Db | Tx, key: OrderKey): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(whereKey(key));
  return row;
}

export interface OrderWithShopper {
  row: OrderRow;
  /** Its account, when it still has one. */
  shopper: { name: string; email: string } | null;
}

/** One order with its shopper's account (one query), or undefined. */
export async function readWithShopper(db: Db | Tx, key: OrderKey): Promise<OrderWithShopper | undefined> {
  const [found] = await db
    .select({ row: orders, name: users.name, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(whereKey(key))
    .limit(1);
  if (!found) return undefined;
  const { row, name, email } = found;
  return { row, shopper: name !== null && email !== null ? { name, email } : null };
}

/** Orders with their shoppers' accounts (one query), by id: what another module's list shows of each. */
export async function readManyWithShopper(db: Db | Tx, ids: number[]): Promise<Map<number, OrderWithShopper>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ row: orders, name: users.name, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, ids));
  return new Map(
    found.map(({ row, name, email }) => [
      row.id,
      { row, shopper: name !== null && email !== null ? { name, email } : null },
    ]),
  );
}

/**
 * Whom the order's own letters greet and go to (a withdrawal's): the email it was placed with,
 * else the account's; the account's name, else (account deleted) the delivery's.
 */
export const addresseeOf = ({ row, shopper }: OrderWithShopper): { email: string | null; name: string } => ({
  email: row.email ?? shopper?.email ?? null,
  name: shopper?.name ?? row.delivery?.name ?? '',
});

/**
 * Adds an event to the order's history (its timeline), its detail checked against the event's
 * declaration (contract/order-events.ts), with the effects the modules' subscriptions ask for
 * (api/src/effect-subscriptions.ts), in the caller's transaction: they run once it commits (platform/outbox). A
 * step's events are recorded by `takeStep`; this is for the events that are no step (an order
 * placed at checkout).
 */
export async function recordEvent(
  tx: Tx,
  orderId: number,
  type: OrderEventType,
  { actorId, detail }: { actorId?: number | undefined; detail?: Record<string, unknown> | undefined } = {},
): Promise<void> {
  await recordEvents(tx, [{ orderId, type, actorId, detail: eventDetail(type, detail) }]);
}

/**
 * Stands for the event's id in its effects until the statement knows it (a key `kind:id` names
 * the event: `back-in-stock:<event id>`). No id is negative.
 */
const EVENT_ID = Number.MIN_SAFE_INTEGER;

/**
 * Events (their details checked) and the effects their subscriptions ask for, written in one
 * statement (decision 0091): each event's id is taken from its sequence first, and the effects
 * keyed by it get it in their key. An effect that names its event anywhere else than its key is
 * refused (written so, it would keep the stand-in).
 */
export async function recordEvents(
  tx: Tx,
  events: { orderId: number; type: OrderEventType; actorId?: number | undefined; detail: Record<string, unknown> }[],
): Promise<void> {
  if (events.length === 0) return;
  const effects = events.flatMap((event, index) =>
    effectsOf({ ...event, id: EVENT_ID }).map((effect) => {
      const byEvent = effect.key === `${effect.kind}:${EVENT_ID}`;
      const written = { ...effect, key: byEvent ? `${effect.kind}:` : effect.key };
      if (JSON.stringify(written).includes(String(EVENT_ID)))
        throw new Error(`recordEvents: the effect ${effect.kind} names its event beyond its key`);
      // The event it follows (its place in the list), and whether its key ends with the event's id.
      return { ...written, event: index + 1, byEvent, runAfter: effect.runAfter?.toISOString() ?? null };
    }),
  );
  await runPrepared(
    tx,
    'record_events',
    ($) => sql`
    with given as materialized (
      select nextval(pg_get_serial_sequence('order_events', 'id'))::int as id, e.n,
        (e.value ->> 'orderId')::int as order_id, e.value ->> 'type' as type,
        (e.value ->> 'actorId')::int as actor_id, coalesce((e.value -> 'detail')::jsonb, '{}') as detail
      from json_array_elements(${$.events}::json) with ordinality e(value, n)
      order by e.n
    ),
    recorded as (
      insert into order_events (id, order_id, type, actor_id, detail)
      select id, order_id, type, actor_id, detail from given order by n
    )
    insert into effects (kind, key, payload, order_id, after_key, run_after)
    select f.value ->> 'kind',
      case when (f.value ->> 'byEvent')::boolean then (f.value ->> 'key') || g.id else f.value ->> 'key' end,
      coalesce((f.value -> 'payload')::jsonb, '{}'), (f.value ->> 'orderId')::int, f.value ->> 'after',
      coalesce((f.value ->> 'runAfter')::timestamptz, now())
    from json_array_elements(${$.effects}::json) with ordinality f(value, n)
    join given g on g.n = (f.value ->> 'event')::int
    order by f.n
    on conflict (key) do nothing`,
    { events: JSON.stringify(events), effects: JSON.stringify(effects) },
  );
}

/** The provider's session that pays a checkout, once the provider named it (Stripe names its own). */
export async function setPaymentSession(db: Db, id: number, session: { sessionId: string; url: string }) {
  await db
    .update(orders)
    .set({ paymentSessionId: session.sessionId, paymentUrl: session.url })
    .where(eq(orders.id, id));
}

/** What gift cards and store credit paid of a new checkout (YEAR.md section 3): the amount due is the rest. */
export async function setPrepaid(tx: Tx, id: number, cents: number): Promise<void> {
  await tx.update(orders).set({ prepaidCents: cents }).where(eq(orders.id, id));
}

/**
 * What the shopper still has to pay of the order (to the provider, or on delivery): its total less
 * what gift cards and store credit paid (YEAR.md section 3).
 */
export const amountDueCents = (order: Pick<OrderRow, 'totalCents' | 'prepaidCents'>): number =>
  order.totalCents - order.prepaidCents;

/** The refund an idempotency key made on the order, if any (a replayed request finds it). */
export async function refundByKey(tx: Tx, orderId: number, key: string): Promise<{ id: number } | undefined> {
  const [refund] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, key)));
  return refund;
}

/** A refunds row, once per key: its id, or null when the key was used. */
export async function insertRefund(
  tx: Tx,
  refund: {
    orderId: number;
    amountCents: number;
    key: string;
    actorId?: number | undefined;
    lines?: RefundLine[] | null | undefined;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: refund.orderId,
      amountCents: refund.amountCents,
      lines: refund.lines ?? null,
      idempotencyKey: refund.key,
      actorId: refund.actorId,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return row?.id ?? null;
}

/** A refund with the order it gives back from (the owner's notice of a refused refund reads it). */
export async function readRefund(
  db: Db | Tx,
  id: number,
): Promise<{ amountCents: number; made: boolean; order: OrderRow } | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, id));
  return (
    row && { amountCents: row.refunds.amountCents, made: row.refunds.providerRefundId !== null, order: row.orders }
  );
}
