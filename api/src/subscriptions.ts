import { documentSubscriptions } from './modules/documents/subscriptions.js';
import { orderMailSubscriptions } from './modules/order-mails/subscriptions.js';
import { orderSubscriptions } from './modules/orders/subscriptions.js';
import { reviewSubscriptions } from './modules/reviews/subscriptions.js';
import { stockSubscriptions } from './modules/stock/subscriptions.js';
import { withdrawalSubscriptions } from './modules/withdrawals/subscriptions.js';
import { subscriptions } from './platform/outbox/declare.js';

/**
 * The effects each order event asks for, from every module that subscribes to order events
 * (each module's `subscriptions.ts`, beside the handlers in its `effects.ts`: docs/decisions/0049).
 * The order core writes them with the event (orders/lifecycle.ts). The subscriptions files hold
 * declarations only (they import effect kinds, never services), so this list imports no service.
 */
export const effectsOf = subscriptions([
  ...orderSubscriptions,
  ...orderMailSubscriptions,
  ...documentSubscriptions,
  ...stockSubscriptions,
  ...reviewSubscriptions,
  ...withdrawalSubscriptions,
]);
