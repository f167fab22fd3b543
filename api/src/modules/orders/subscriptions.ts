import { on } from '../../platform/outbox/declare.js';
import { CLOSE_SESSION, PROVIDER_REFUND } from './effect-kinds.js';

/** What the orders module does after its own events, on the payment provider (effects.ts runs them). */
export const orderSubscriptions = [
  // Once per order, whichever step closed it; not when the provider's own word closed it (its
  // webhook), nor when the session was the shop's own page.
  on(['cancelled', 'expired', 'failed'], ({ orderId, detail }) =>
    detail.byProvider || detail.shopSession ? [] : CLOSE_SESSION.effect({ orderId }, { id: orderId, orderId }),
  ),
  on('refunded', ({ orderId, detail }) =>
    PROVIDER_REFUND.effect(
      { refundId: detail.refundId, cents: detail.providerCents },
      { id: detail.refundId, orderId },
    ),
  ),
];
