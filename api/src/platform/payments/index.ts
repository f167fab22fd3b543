import type { Config } from '../../config.js';
import { localProvider } from './local.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe.js';

export type { CheckoutOrder, HostedSession, PaymentEvent, PaymentProvider } from './provider.js';
export { WebhookSignatureError } from './provider.js';

/** Stripe when its keys are configured, otherwise the built-in test payment page. */
export function createPaymentProvider(config: Config): PaymentProvider {
  return config.stripe ? stripeProvider(config.stripe, config.publicUrl) : localProvider();
}
