import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, refunds, users } from '../../db/schema.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import type { PaymentProvider } from '../../platform/payments/index.js';
import type { OrderMailKind } from './mails.js';
import { mailOrder, type OrderMailDeps } from './notify.js';
import { lowStockMail, ownerOrderMail } from './owner-mails.js';
import { toOrders } from './service.js';
import { lowStock } from './stats.js';
import { CLOSE_SESSION, LOW_STOCK_DIGEST, ORDER_MAIL, OWNER_ORDER_MAIL, PROVIDER_REFUND } from './subscribers.js';
import { ownerAddress } from '../settings/service.js';

/** Most variants one digest lists. */
const DIGEST_LINES = 50;

export interface OrderEffectDeps extends OrderMailDeps {
  db: Db;
  payments: PaymentProvider;
}

/**
 * The orders module's effects (subscribers.ts writes them), run after commit by the outbox: each
 * may run more than once (a worker that died), so each does its work once (docs/decisions/0032).
 */
export function orderEffectHandlers(deps: OrderEffectDeps): Record<string, EffectHandler> {
  const { db, payments } = deps;
  return {
    [ORDER_MAIL]: async ({ payload }) => {
      const amountCents = typeof payload.amountCents === 'number' ? payload.amountCents : undefined;
      await mailOrder(db, deps, Number(payload.orderId), payload.kind as OrderMailKind, {
        amount: amountCents === undefined ? undefined : amountCents / 100,
        reason: typeof payload.reason === 'string' ? payload.reason : undefined,
      });
    },

    /** The owner hears of a new order (at the seller's address; none set: no one to tell). */
    [OWNER_ORDER_MAIL]: async ({ payload }) => {
      const to = await ownerAddress(db);
      const [row] = await db
        .select()
        .from(orders)
        .where(eq(orders.id, Number(payload.orderId)));
      if (!to || !row) return;
      const [customer] = row.userId
        ? await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId))
        : [];
      const [order] = await toOrders(db, [row]);
      await deps.mailer.send(
        ownerOrderMail({ to, order: order!, customer: customer ?? null, publicUrl: deps.publicUrl }),
      );
    },

    /** The day's low stock, to the owner, if anything is low. */
    [LOW_STOCK_DIGEST]: async ({ payload }) => {
      const to = await ownerAddress(db);
      if (!to) return;
      const lines = await lowStock(db, DIGEST_LINES);
      if (lines.length === 0) return;
      await deps.mailer.send(lowStockMail({ to, date: String(payload.day), lines, publicUrl: deps.publicUrl }));
    },

    /** Money back through the provider, under the refund's own idempotency key there too. */
    [PROVIDER_REFUND]: async ({ payload }) => {
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
        .where(eq(refunds.id, Number(payload.refundId)));
      if (!refund || refund.made) return;
      if (!refund.sessionId) throw new Error(`order ${refund.orderId} was not paid through the payment provider`);
      const providerRefundId = await payments.refund(
        { sessionId: refund.sessionId, reference: refund.reference },
        refund.amountCents,
        `refund-order-${refund.orderId}-${refund.createdAt.getTime()}-${refund.key}`,
      );
      await db.update(refunds).set({ providerRefundId }).where(eq(refunds.id, refund.id));
    },

    /** A closed checkout's session on the provider, so that it can no longer be paid. */
    [CLOSE_SESSION]: async ({ payload }) => {
      const [order] = await db
        .select({ sessionId: orders.paymentSessionId, provider: orders.paymentProvider, status: orders.status })
        .from(orders)
        .where(eq(orders.id, Number(payload.orderId)));
      if (!order?.sessionId || order.provider !== payments.name || order.status === 'paid') return;
      await payments.closeSession(order.sessionId);
    },
  };
}
