import { createRequire } from 'node:module';
import { colorNameIn, PAYMENT_SESSION_TTL_MS } from '@shop/contract';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import { webLinks } from '../../lib/links.js';
import { chargedLines, WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './provider.js';

type StripeSettings = NonNullable<Config['stripe']>;

/** Stripe's signature tolerance: a delivery signed more than 5 minutes ago is refused. */
const WEBHOOK_TOLERANCE_S = 300;

const OUTCOMES: Partial<Record<Stripe.Event['type'], PaymentEvent['outcome']>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/** STRIPE_API_BASE points the SDK at another server (the tests' fake). */
function connection(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The SDK is loaded only when Stripe is configured: a shop on the built-in page starts without it. */
const loadCommonJs = createRequire(import.meta.url);

export function stripeProvider(settings: StripeSettings, publicUrl: string): PaymentProvider {
  const StripeSdk = loadCommonJs('stripe') as typeof Stripe;
  const stripe = new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'atelier-noir-shop' },
    ...connection(settings.apiBase),
  });
  const links = webLinks(publicUrl);
  // Stripe fetches product images itself, so only public https addresses are worth sending.
  const imageUrl = (path: string) =>
    publicUrl.startsWith('https://') && path.startsWith('/') ? [`${publicUrl}${path}`] : [];

  return {
    name: 'stripe',
    takesNewPayments: true,
    // Stripe takes no session shorter than 30 minutes by its own clock: one more absorbs the skew.
    sessionLifetimeMs: PAYMENT_SESSION_TTL_MS + 60_000,
    async createSession(order) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: chargedLines(order.items).map(({ line: item, unitAmountCents, quantity }) => ({
            quantity,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: unitAmountCents,
              product_data: {
                name: item.name,
                ...(item.colorName ? { description: `${colorNameIn(item, order.locale)} · ${item.size}` } : {}),
                images: imageUrl(item.imageUrl),
              },
            },
          })),
          success_url: order.giftCard ? links.giftCards('paid') : links.checkoutSuccess('{CHECKOUT_SESSION_ID}'),
          cancel_url: order.giftCard ? links.giftCards('cancelled') : links.checkoutCancelled('{CHECKOUT_SESSION_ID}'),
          // A gift card's session names no order: its webhook finds the card by the session's id.
          client_reference_id: order.giftCard ? `gift-card-${order.id}` : String(order.id),
          metadata: order.giftCard ? { giftCardId: String(order.id) } : { orderId: String(order.id) },
          customer_email: order.email,
          locale: order.locale,
          // The order's own expiry: the sweeper expires it at the moment Stripe closes the session.
          expires_at: Math.floor(order.expiresAt.getTime() / 1000),
        },
        // Stable for retries of this order, distinct across databases that reuse order ids.
        {
          idempotencyKey: `${order.giftCard ? 'gift-card' : 'checkout-order'}-${order.id}-${order.createdAt.getTime()}`,
        },
      );
      if (!session.url) throw new Error(`Stripe session ${session.id} has no url`);
      return { sessionId: session.id, url: session.url };
    },

    async closeSession(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },

    async refund(payment, amountCents, key) {
      const paymentIntent =
        payment.reference ?? (await stripe.checkout.sessions.retrieve(payment.sessionId)).payment_intent;
      const id = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
      if (!id) throw new Error(`Stripe session ${payment.sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: id, amount: amountCents, reason: 'requested_by_customer' },
        { idempotencyKey: key },
      );
      return refund.id;
    },

    readWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret, WEBHOOK_TOLERANCE_S);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature');
      }
      const outcome = OUTCOMES[event.type];
      if (!outcome) return null;
      const session = event.data.object as Stripe.Checkout.Session;
      // A completed session paid by a delayed method is settled by async_payment_succeeded.
      if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') return null;
      const orderId = Number(session.metadata?.orderId ?? session.client_reference_id);
      return {
        provider: 'stripe',
        eventId: event.id,
        type: event.type,
        outcome,
        sessionId: session.id,
        orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
        amountCents: session.amount_total,
        currency: session.currency,
        paymentReference:
          typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
      };
    },
  };
}
