import { refundableCents, type RefundLineInput } from '@shop/contract';
import type { Db } from '../../db/client.js';
import { audit } from '../../platform/audit.js';
import { restock } from '../stock/service.js';
import { assertStep, factsOf, takeStep } from '../orders/core.js';
import { closePending } from '../orders/lifecycle.js';
import { refundByKey, withOrder } from '../orders/store.js';

export interface ShipInput {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string | undefined;
}

/** Hands a paid or cash-on-delivery order to the carrier, with its tracking. */
export async function shipOrder(db: Db, actorId: number, id: number, input: ShipInput): Promise<void> {
  await db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      await takeStep(tx, order, 'ship', {
        actor: 'admin',
        actorId,
        set: {
          trackingCarrier: input.carrier,
          trackingNumber: input.trackingNumber,
          trackingUrl: input.trackingUrl ?? null,
        },
        detail: { ...input },
      });
      await audit(tx, { actorId, action: 'order.ship', target: `order:${id}`, detail: { ...input } });
    }),
  );
}

/**
 * The owner confirms a cash-on-delivery order of a new account that waits for it (the shop's
 * setting, docs/decisions/0031): it may then ship.
 */
export async function confirmOrder(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      await takeStep(tx, order, 'confirm', { actor: 'admin', actorId });
      await audit(tx, { actorId, action: 'order.confirm', target: `order:${id}` });
    }),
  );
}

/** The parcel arrived; a cash-on-delivery order is then paid (the table's `collect`, a step of `deliver`). */
export async function deliverOrder(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      const next = await takeStep(tx, order, 'deliver', { actor: 'admin', actorId });
      const cashCollected = next.taken.some((taken) => taken.step === 'collect');
      await audit(tx, { actorId, action: 'order.deliver', target: `order:${id}`, detail: { cashCollected } });
    }),
  );
}

/**
 * Cancels an order that has not left: its stock goes back (reserved or sold), a paid order is
 * refunded in full through the provider (the table's `refund`, a step of `cancel`: the refund is
 * made after commit), any other becomes `cancelled`. The shopper is mailed (an effect of the
 * event). Answers what is refunded.
 */
export async function cancelOrder(db: Db, actorId: number, id: number, reason: string | undefined): Promise<number> {
  return db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      const refundedCents = order.status === 'paid' ? refundableCents(factsOf(order)) : 0;
      if (order.status === 'pending') {
        assertStep('cancel', factsOf(order), 'admin');
        // A pending checkout closes as every pending checkout does, its session with it.
        await closePending(tx, [id], 'cancel', { reason, notify: true });
      } else {
        await takeStep(tx, order, 'cancel', { actor: 'admin', actorId, detail: { reason, notify: true } });
        await restock(tx, [id]);
      }
      await audit(tx, {
        actorId,
        action: 'order.cancel',
        target: `order:${id}`,
        detail: { reason, was: order.status, refundedCents },
      });
      return refundedCents;
    }),
  );
}

/**
 * Refunds part or all of what a paid card order still holds (0 < amount ≤ total − refunded),
 * optionally naming the lines it gives back (decision 0060: the credit note lists them). The
 * same idempotency key refunds once: a retried or double-clicked request answers the order as
 * it is. Fully refunded: `refunded`. The `refunded` event's subscriber makes the refund through
 * the provider after commit, under the refund's own key (orders/effects.ts).
 */
export async function refundOrder(
  db: Db,
  actorId: number,
  id: number,
  amountCents: number,
  key: string,
  lines?: RefundLineInput[],
): Promise<{ applied: boolean }> {
  return db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      if (await refundByKey(tx, id, key)) return { applied: false };
      await takeStep(tx, order, 'refund', { actor: 'admin', actorId, amountCents, key, lines });
      await audit(tx, {
        actorId,
        action: 'order.refund',
        target: `order:${id}`,
        detail: { amountCents, key, ...(lines ? { lines } : {}) },
      });
      return { applied: true };
    }),
  );
}

/** The parcel came back (a return, a refused delivery): `returned`, its stock back on hand if asked. */
export async function returnOrder(db: Db, actorId: number, id: number, restocked: boolean): Promise<void> {
  await db.transaction((tx) =>
    withOrder(tx, id, async (order) => {
      await takeStep(tx, order, 'return', { actor: 'admin', actorId, detail: { restock: restocked } });
      if (restocked) await restock(tx, [id]);
      await audit(tx, { actorId, action: 'order.return', target: `order:${id}`, detail: { restock: restocked } });
    }),
  );
}
