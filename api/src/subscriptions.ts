import { documentSubscriptions } from './modules/documents/subscriptions.js';
import { orderMailSubscriptions } from './modules/order-mails/subscriptions.js';
import { orderSubscriptions } from './modules/orders/subscriptions.js';
import { reviewSubscriptions } from './modules/reviews/subscriptions.js';
import { stockSubscriptions } from './modules/stock/subscriptions.js';
import { withdrawalSubscriptions } from './modules/withdrawals/subscriptions.js';
import { subscriptions } from './platform/outbox/declare.js';

/**
 * Every module's subscriptions (each module's `subscriptions.ts`, beside the handlers in its
 * `effects.ts`: docs/decisions/0050): `effectsOf` an order event, which the order core writes with
 * the event (orders/store.ts, orders/lifecycle.ts), and `failureEffectsOf` an effect that failed,
 * which the outbox writes with the failure. The subscriptions files hold declarations only (they
 * import effect kinds, never services), so this list imports no service.
 */
export const { effectsOf, failureEffectsOf } = subscriptions([
  ...orderSubscriptions,
  ...orderMailSubscriptions,
  ...documentSubscriptions,
  ...stockSubscriptions,
  ...reviewSubscriptions,
  ...withdrawalSubscriptions,
]);
