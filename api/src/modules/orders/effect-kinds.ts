import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';

const id = z.number().int();

/** Money back through the payment provider, under the refund's own idempotency key there too (effects.ts). */
export const PROVIDER_REFUND = effectKind('payment.refund', z.object({ refundId: id }));
/** A closed checkout's session on the provider, so that it can no longer be paid. */
export const CLOSE_SESSION = effectKind('payment.close-session', z.object({ orderId: id }));
