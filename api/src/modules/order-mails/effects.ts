import type { Db } from '../../db/client.js';
import { handle } from '../../platform/outbox/declare.js';
import { effectByKey, type EffectHandler } from '../../platform/outbox/outbox.js';
import { PROVIDER_REFUND } from '../orders/effect-kinds.js';
import { readRefund } from '../orders/store.js';
import { ORDER_MAIL, OWNER_ORDER_MAIL, OWNER_REFUND_REFUSED } from './effect-kinds.js';
import { ownerAddress } from '../settings/service.js';
import { mailOrder, orderMailReads, type OrderMailDeps } from './notify.js';
import { ownerOrderMail, refundRefusedMail } from './owner-mails.js';

export interface OrderMailEffectDeps extends OrderMailDeps {
  db: Db;
}

/**
 * The order mails (subscriptions.ts writes them), run after commit by the outbox: each may
 * run more than once (a worker that died), so each does its work once (docs/decisions/0032).
 */
export function orderMailEffectHandlers(deps: OrderMailEffectDeps): Record<string, EffectHandler> {
  const { db } = deps;
  const reads = orderMailReads(db, deps);
  return {
    ...handle(ORDER_MAIL, ({ orderId, kind, amountCents, providerCents, reason }) =>
      mailOrder(db, { ...deps, reads }, orderId, kind, { amountCents, providerCents, reason }),
    ),

    /** The owner hears of a new order (at the seller's address; none set: no one to tell). */
    ...handle(OWNER_ORDER_MAIL, async ({ orderId }) => {
      const [to, found] = await Promise.all([reads.ownerAddress(), reads.order(orderId)]);
      if (!to || !found) return;
      await deps.mailer.send(ownerOrderMail({ to, order: found.order, customer: found.shopper, links: deps.links }));
    }),

    /** The provider keeps refusing a refund (unless it was made meanwhile): the owner hears why. */
    ...handle(OWNER_REFUND_REFUSED, async ({ refundId }) => {
      const [to, refund, effect] = await Promise.all([
        ownerAddress(db),
        readRefund(db, refundId),
        effectByKey(db, PROVIDER_REFUND.key(refundId)),
      ]);
      if (!to || !refund || refund.made || effect?.doneAt) return;
      await deps.mailer.send(
        refundRefusedMail({
          to,
          order: refund.order,
          amountCents: refund.amountCents,
          error: effect?.lastError ?? '',
          links: deps.links,
        }),
      );
    }),
  };
}
