import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { orders, refunds } from '../../db/schema.js';
import { BatchLoader } from '../../platform/cache/batch-loader.js';
import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { handleEvery } from '../../platform/outbox/timed.js';
import type { PaymentProvider } from '../../platform/payments/index.js';
import { collectBackInStock } from '../stock/alerts.js';
import { CLOSE_SESSION, EXPIRE_LAPSED, PROVIDER_REFUND } from './effect-kinds.js';
import { expireLapsed } from './lifecycle.js';

export interface OrderEffectDeps {
  db: Db;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

/**
 * The orders module's effects on the payment provider (subscriptions.ts writes them), run after commit by the outbox: each may run more than once (a
 * worker that died), so each does its work once (docs/decisions/0032).
 */
export function orderEffectHandlers(deps: OrderEffectDeps): Record<string, EffectHandler> {
  const { db, payments, log } = deps;
  // The sessions of the checkouts closed at once (replaced or lapsed together), read with one statement.
  const sessions = new BatchLoader(async (ids: number[]) => {
    const rows = await db
      .select({
        id: orders.id,
        sessionId: orders.paymentSessionId,
        provider: orders.paymentProvider,
        status: orders.status,
      })
      .from(orders)
      .where(inArray(orders.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  });
  return {
    /** Money back through the provider, under the refund's own idempotency key there too. */
    ...handle(PROVIDER_REFUND, async ({ refundId, cents }) => {
      const [refund] = await db
        .select({
          id: refunds.id,
          amountCents: refunds.amountCents,
          key: refunds.idempotencyKey,
          made: refunds.providerRefundId,
          orderId: orders.id,
          createdAt: orders.createdAt,
          sessionId: orders.paymentSessionId,
          reference: orders.paymentReference,
        })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(eq(refunds.id, refundId));
      if (!refund || refund.made) return;
      const share = cents ?? refund.amountCents;
      // Gift cards and store credit paid all of it: the refund step gave it back to them.
      if (share === 0) return;
      if (!refund.sessionId) throw new Error(`order ${refund.orderId} was not paid through the payment provider`);
      const providerRefundId = await payments.refund(
        { sessionId: refund.sessionId, reference: refund.reference },
        share,
        `refund-order-${refund.orderId}-${refund.createdAt.getTime()}-${refund.key}`,
      );
      await db.update(refunds).set({ providerRefundId }).where(eq(refunds.id, refund.id));
    }),

    /** A closed checkout's session on the provider, so that it can no longer be paid. */
    ...handle(CLOSE_SESSION, async ({ orderId }) => {
      const order = await sessions.load(orderId);
      if (!order?.sessionId || order.provider !== payments.name || order.status === 'paid') return;
      await payments.closeSession(order.sessionId);
    }),

    /**
     * Every minute: lapsed checkouts expire (their sessions close and their stock's waiting
     * shoppers hear of it, as effects of the expiry), then a safety net for waiting shoppers (stock
     * edits write their mails at once: stock/routes.ts). At most SWEEP_BATCH orders a minute.
     */
    ...handleEvery(db, EXPIRE_LAPSED, async () => {
      const closed = await expireLapsed(db);
      if (closed.length > 0) log.info({ orders: closed.map((order) => order.id) }, 'lapsed checkouts expired');
      await collectBackInStock(db);
    }),
  };
}
