import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';
import { every, everyMs } from '../../platform/outbox/timed.js';

const id = z.number().int();

/**
 * Money back through the payment provider, under the refund's own idempotency key there too
 * (effects.ts): `cents`, its share of the refund (the rest went back to gift cards and store
 * credit); none: all of it (effects written before the share was).
 */
export const PROVIDER_REFUND = effectKind(
  'payment.refund',
  z.object({ refundId: id, cents: z.number().int().nonnegative().optional() }),
);
/** A closed checkout's session on the provider, so that it can no longer be paid. */
export const CLOSE_SESSION = effectKind('payment.close-session', z.object({ orderId: id }));
/**
 * Every minute, lapsed checkouts expire (their stock back, their sessions closed) and waiting
 * shoppers of what came back hear of it (effects.ts; docs/decisions/0052).
 */
export const EXPIRE_LAPSED = every('orders.expire-lapsed', everyMs(60_000));
