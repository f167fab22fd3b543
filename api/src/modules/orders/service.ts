import { guaranteeEndsAt, withdrawalRefundDeadline, type AdminOrder, type Order } from '@shop/contract';
import { and, asc, desc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  courierShipments,
  guaranteeExtensions,
  invoiceRequests,
  orderEvents,
  orderItems,
  orders,
  products,
  users,
  withdrawals,
} from '../../db/schema.js';
import { oneOf } from '../../db/fragments.js';
import { notFound } from '../../lib/errors.js';
import { assertStep, factsOf } from './core.js';
import { closePending, expireLapsed } from './lifecycle.js';
import { isTestPayment } from './test-payment.js';
import { paidByOrders } from '../gift-cards/apply.js';
import { amountDueCents, readOrder, whereKey, withOrder, type OrderKey, type OrderRow } from './store.js';

/** A shopper's history is bounded: the newest orders are what anyone reads. */
export const ORDER_LIST_MAX = 100;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The orders an exchange links to: the originals `rows` exchange, and the exchange orders of `rows`. */
function exchangeRelatives(db: Db | Tx, rows: OrderRow[]) {
  const ids = rows.map((row) => row.id);
  const originals = [...new Set(rows.flatMap((row) => (row.exchangeOf === null ? [] : [row.exchangeOf])))];
  const ofThese = oneOf(orders.exchangeOf, ids);
  return db
    .select({ id: orders.id, reference: orders.reference, exchangeOf: orders.exchangeOf })
    .from(orders)
    .where(originals.length > 0 ? or(oneOf(orders.id, originals), ofThese) : ofThese)
    .orderBy(asc(orders.id));
}

/**
 * Orders as the API answers them, with their lines and history: one wave of five queries for any
 * number of orders (their lines, events, withdrawals, invoice requests and what gift cards paid),
 * each naming the orders by one array parameter (`oneOf`, decision 0068); for one order, a sixth:
 * the orders an exchange joins it to (decision 0062).
 */
export async function toOrders(db: Db | Tx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, events, withdrawn, invoiced, prepaid, relatives] = await Promise.all([
    // With whether a completed repair extended the line's guarantee (the complaints module writes it),
    // and whether the product is sealed for hygiene (the withdrawal form asks about its seal).
    db
      .select({
        ...getTableColumns(orderItems),
        extended: sql<boolean>`${guaranteeExtensions.orderItemId} is not null`,
        hygieneSealed: sql<boolean>`coalesce(${products.hygieneSealed}, false)`,
      })
      .from(orderItems)
      .leftJoin(guaranteeExtensions, eq(guaranteeExtensions.orderItemId, orderItems.id))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(oneOf(orderItems.orderId, ids))
      .orderBy(orderItems.id),
    db
      .select({ orderId: orderEvents.orderId, type: orderEvents.type, at: orderEvents.at, detail: orderEvents.detail })
      .from(orderEvents)
      .where(oneOf(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    db
      .select({
        orderId: withdrawals.orderId,
        submittedAt: withdrawals.submittedAt,
        items: withdrawals.items,
        reason: withdrawals.reason,
      })
      .from(withdrawals)
      .where(oneOf(withdrawals.orderId, ids)),
    db.select({ orderId: invoiceRequests.orderId }).from(invoiceRequests).where(oneOf(invoiceRequests.orderId, ids)),
    paidByOrders(db, ids),
    // Only one order's page shows them: a list (the admin's page of 50) is not a statement longer (decision 0068).
    rows.length === 1 ? exchangeRelatives(db, rows) : [],
  ]);
  const invoiceAsked = new Set(invoiced.map((row) => row.orderId));
  const byOrder = new Map(withdrawn.map((row) => [row.orderId, row]));
  const withdrawalOf = (orderId: number) => {
    const found = byOrder.get(orderId);
    return found
      ? {
          submittedAt: found.submittedAt.toISOString(),
          items: found.items,
          reason: found.reason,
          refundDueAt: withdrawalRefundDeadline(found.submittedAt).toISOString(),
        }
      : null;
  };
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    status: row.status,
    paymentMethod: row.paymentMethod,
    fulfilment: row.fulfilment,
    subtotal: row.subtotalCents,
    discount: row.discountCode === null ? null : { code: row.discountCode, amount: row.discountCents },
    deliveryCost: row.deliveryCents,
    codFee: row.codFeeCents,
    total: row.totalCents,
    refunded: row.refundedCents,
    giftCards: (prepaid.get(row.id)?.cards ?? []).map((card) => ({ code: card.code, amount: card.cents })),
    storeCredit: prepaid.get(row.id)?.storeCreditCents ?? 0,
    amountDue: amountDueCents(row),
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    testPayment: isTestPayment(row),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
    expiresAt: row.status === 'pending' ? iso(row.expiresAt) : null,
    paymentUrl: row.status === 'pending' ? row.paymentUrl : null,
    confirmationRequired: row.confirmationRequired,
    confirmedAt: iso(row.confirmedAt),
    delivery: row.delivery ?? null,
    tracking:
      row.trackingCarrier && row.trackingNumber
        ? { carrier: row.trackingCarrier, number: row.trackingNumber, url: row.trackingUrl }
        : null,
    withdrawal: withdrawalOf(row.id),
    invoiceRequested: invoiceAsked.has(row.id),
    exchangeOf: row.exchangeOf,
    ...(rows.length === 1 && {
      exchangeOfReference: relatives.find((other) => other.id === row.exchangeOf)?.reference ?? null,
      exchangeOrders: relatives
        .filter((other) => other.exchangeOf === row.id)
        .map((other) => ({ id: other.id, reference: other.reference })),
    }),
    items: lines
      .filter((line) => line.orderId === row.id)
      .map((line) => ({
        id: line.id,
        productId: line.productId,
        name: line.name,
        nameBg: line.nameBg,
        colorName: line.colorName,
        colorNameBg: line.colorNameBg,
        size: line.size,
        unitPrice: line.unitPriceCents,
        quantity: line.quantity,
        discount: line.discountCents,
        priorPrice: line.priorPriceCents,
        imageUrl: line.imageUrl,
        refundedQuantity: line.refundedQuantity,
        guaranteeEndsAt: iso(guaranteeEndsAt(row.deliveredAt, line.extended)),
        ...(line.hygieneSealed && { hygieneSealed: true }),
      })),
    events: events
      .filter((event) => event.orderId === row.id)
      .map((event) => {
        // A refund's amount (its timeline says how much); the other events carry none.
        const cents = (event.detail as { amountCents?: unknown } | null)?.amountCents;
        return {
          type: event.type,
          at: event.at.toISOString(),
          ...(event.type === 'refunded' && typeof cents === 'number' ? { amount: cents } : {}),
        };
      }),
  }));
}

/** The orders `where` selects, newest first, lapsed checkouts among them expired first. */
async function readOrders(db: Db, where: SQL, limit: number): Promise<Order[]> {
  await expireLapsed(db, where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return toOrders(db, rows);
}

/** One order as it is now, a lapsed checkout among them expired first (the payment page reads it), or undefined. */
export async function readCurrent(db: Db, key: OrderKey): Promise<OrderRow | undefined> {
  await expireLapsed(db, whereKey(key));
  return readOrder(db, key);
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

/**
 * The shopper drops an open checkout (My Orders' "Cancel"): its stock goes back and its session
 * closes (effects of the event). Another shopper's order is "not found"; one past paying, 409.
 */
export async function cancelOwnCheckout(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction((tx) =>
    withOrder(
      tx,
      id,
      async (order) => {
        assertStep('cancel', factsOf(order), 'shopper');
        await closePending(tx, [id], 'cancel');
      },
      { of: userId },
    ),
  );
}

/**
 * An order as the admin reads it: `labelled` when a courier's label was made for it
 * (docs/decisions/0044), which the admin prints again; the route gives the label's address
 * (`adminOrderAnswer`).
 */
export type AdminOrderRead = Omit<AdminOrder, 'tracking'> & { tracking: Order['tracking']; labelled: boolean };

/** Orders with their customers, as the admin sees them: their reads asked together, one wave. */
export async function withCustomers(db: Db | Tx, rows: OrderRow[]): Promise<AdminOrderRead[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
  const [customers, labels, answers] = await Promise.all([
    userIds.length === 0
      ? []
      : db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(oneOf(users.id, userIds)),
    // A courier's label made for the order (docs/decisions/0044): the admin prints it again from here.
    db
      .select({ orderId: courierShipments.orderId })
      .from(courierShipments)
      .where(
        and(
          oneOf(
            courierShipments.orderId,
            rows.map((row) => row.id),
          ),
          eq(courierShipments.state, 'created'),
        ),
      ),
    toOrders(db, rows),
  ]);
  const byId = new Map(customers.map((customer) => [customer.id, customer]));
  const labelled = new Set(labels.map((row) => row.orderId));
  return answers.map((order, index) => ({
    ...order,
    labelled: labelled.has(order.id),
    customer: byId.get(rows[index]!.userId ?? -1) ?? null,
  }));
}
