import { z } from 'zod';
import { COURIERS } from './couriers.js';
import { ORDER_STEPS } from './order-steps.js';
import type { OrderEventType } from './orders.js';

/** A step's event names the step it was part of, when the shop took it as part of another (the table's `then`). */
const none = z.object({ partOf: z.enum(ORDER_STEPS).optional() });
const closed = none.extend({
  /** The provider closed the checkout itself (its webhook said so): nothing to close there. */
  byProvider: z.literal(true).optional(),
  /** Its session was the shop's own (the built-in page, which reads the order's status): nothing to close either. */
  shopSession: z.literal(true).optional(),
  /** No shopper waited for what it held (no stock alert of its sizes): no one to tell of its stock coming back. */
  noneAwaited: z.literal(true).optional(),
});

/**
 * What each order event records beside its type (its `detail`), declared once: the order core
 * checks every event it writes against it (api/src/modules/orders/lifecycle.ts), and the effects'
 * subscribers read it typed (docs/decisions/0032).
 */
export const ORDER_EVENT_DETAILS = {
  created: none,
  placed: none,
  /** `cashCollected`: a cash-on-delivery order paid on delivery (its confirmation went when it was placed). */
  paid: none.extend({ cashCollected: z.literal(true).optional() }),
  shipped: none.extend({
    carrier: z.string(),
    trackingNumber: z.string(),
    trackingUrl: z.string().optional(),
    courier: z.enum(COURIERS).optional(),
  }),
  /** By the courier's tracking (its status), or by the admin's button (nothing). */
  delivered: none.extend({ courier: z.enum(COURIERS).optional(), status: z.string().optional() }),
  /**
   * `notify`: the owner cancelled it, and the shopper is told (not when they dropped their own
   * checkout); `refundId`: the refund of what was paid, which the mail waits for.
   */
  cancelled: closed.extend({
    reason: z.string().optional(),
    notify: z.literal(true).optional(),
    refundId: z.number().int().optional(),
  }),
  expired: closed,
  failed: closed,
  /** A cancellation's refund (`partOf: 'cancel'`) is told in the cancellation's mail. */
  /** `complaintId`: a complaint's decision gave it back (decision 0059). */
  refunded: none.extend({
    amountCents: z.number().int().positive(),
    refundId: z.number().int(),
    /** What of it the payment provider gives back (it took that much); the rest went to gift cards and store credit. */
    providerCents: z.number().int().nonnegative().optional(),
    complaintId: z.number().int().optional(),
    /** `returnId`: a return's outcome gave it back (decision 0056); the return's own mail tells of it. */
    returnId: z.number().int().optional(),
  }),
  withdrawal: none.extend({ via: z.enum(['account', 'public']), withdrawalId: z.number().int() }),
  /** `restock`: the parcel's goods went back on hand. */
  returned: none.extend({ restock: z.boolean() }),
  confirmed: none,
} satisfies Record<OrderEventType, z.ZodType>;

export type OrderEventDetail<T extends OrderEventType> = z.infer<(typeof ORDER_EVENT_DETAILS)[T]>;
