import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';

/**
 * The mails an order sends its shopper, each in the language the order was placed in (their texts:
 * mails.ts).
 */
export const ORDER_MAIL_KINDS = ['confirmed', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

const orderId = z.number().int();

/** One of an order's mails to its shopper: a refund's says how much, a cancellation's why. */
export const ORDER_MAIL = effectKind(
  'mail.order',
  z.object({
    orderId,
    kind: z.enum(ORDER_MAIL_KINDS),
    amountCents: z.number().int().optional(),
    /** A refund's share that went back to the card (the rest to gift cards and store credit); none: all. */
    providerCents: z.number().int().optional(),
    reason: z.string().optional(),
  }),
);
/** The owner's word of a new order. */
export const OWNER_ORDER_MAIL = effectKind('mail.owner.order', z.object({ orderId }));
/** The owner's word that the payment provider keeps refusing a refund (subscriptions.ts writes it with the failure). */
export const OWNER_REFUND_REFUSED = effectKind('mail.owner.refund-refused', z.object({ refundId: z.number().int() }));
