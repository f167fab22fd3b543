import { COURIER_OFFICES, COURIER_TRACKING } from './modules/couriers/effect-kinds.js';
import { CART_REMINDERS } from './modules/campaigns/effect-kinds.js';
import { documentSubscriptions } from './modules/documents/subscriptions.js';
import { RETURN_TRACKING } from './modules/returns/effect-kinds.js';
import { EXPIRE_LAPSED } from './modules/orders/effect-kinds.js';
import { orderMailSubscriptions } from './modules/order-mails/subscriptions.js';
import { orderSubscriptions } from './modules/orders/subscriptions.js';
import { reviewSubscriptions } from './modules/reviews/subscriptions.js';
import { stockSubscriptions } from './modules/stock/subscriptions.js';
import { LOW_STOCK_DIGEST } from './modules/stock/effect-kinds.js';
import { withdrawalSubscriptions } from './modules/withdrawals/subscriptions.js';
import { COLLECT_FILES } from './platform/files/collect.js';
import { subscriptions } from './platform/outbox/declare.js';
import type { Recurring } from './platform/outbox/timed.js';

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

/**
 * Every recurring effect (docs/decisions/0052): each process writes their next occurrences at start
 * (app.ts), and each run writes the one after. The tracking is Econt's only (`tracking: false`
 * leaves it out, and the return labels' with it, for the built-in courier, which tracks nothing).
 */
export const recurringEffects = ({ tracking }: { tracking: boolean }): Recurring[] => [
  EXPIRE_LAPSED,
  LOW_STOCK_DIGEST,
  COLLECT_FILES,
  COURIER_OFFICES,
  CART_REMINDERS,
  ...(tracking ? [COURIER_TRACKING, RETURN_TRACKING] : []),
];
