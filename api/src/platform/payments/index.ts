import type { Config } from '../../config.js';
import { localProvider } from './local.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe.js';

export type { CheckoutOrder, HostedSession, PaymentEvent, PaymentProvider } from './provider.js';
export { WebhookSignatureError } from './provider.js';

/**
 * Stripe (`PAYMENTS=stripe`), or the built-in test payment page. With `PAYMENTS=off` the test
 * page stays the provider of the orders it took before (their refunds, their lapsing sessions),
 * but takes no new card payment: checkout offers cash on delivery only.
 */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.payments === 'stripe' && config.stripe) return stripeProvider(config.stripe, config.publicUrl);
  return localProvider({ takesNewPayments: config.payments === 'test' });
}
