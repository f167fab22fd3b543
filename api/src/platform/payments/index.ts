import type { Config } from '../../config.js';
import { localProvider } from './local.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe.js';
import { outsideTransactions } from '../../db/transaction-scope.js';

export type { CheckoutOrder, HostedSession, PaymentEvent, PaymentProvider } from './provider.js';
export { WebhookSignatureError } from './provider.js';

/**
 * Stripe (`PAYMENTS=stripe`), or the built-in test payment page. With `PAYMENTS=off` the test
 * page stays the provider of the orders it took before (their refunds, their lapsing sessions),
 * but takes no new card payment: checkout offers cash on delivery only.
 */
export function createPaymentProvider(config: Config): PaymentProvider {
  const provider =
    config.payments === 'stripe' && config.stripe
      ? stripeProvider(config.stripe, config.publicUrl)
      : localProvider({ takesNewPayments: config.payments === 'test' });
  // The provider is another service: never asked from inside a transaction (effects run after commit).
  return outsideTransactions('payments', provider);
}
