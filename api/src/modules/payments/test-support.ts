import type { Size } from '@shop/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client.js';
import { cartItems, orders } from '../../db/schema.js';
import type { App } from '../../app.js';
import { bearer, type CreatedProduct, type CreatedUser } from '../../test/factories.js';

/** Test helpers shared by the checkout, orders and payments suites. */

export async function addCartLine(
  db: Db,
  user: { id: number },
  product: CreatedProduct,
  line: { quantity: number; size?: Size; color?: number } = { quantity: 1 },
): Promise<void> {
  const color = product.colors[line.color ?? 0];
  if (!color) throw new Error('the product has no such colour');
  await db.insert(cartItems).values({
    userId: user.id,
    productId: product.id,
    colorId: color.id,
    size: line.size ?? product.sizes[0] ?? 'M',
    quantity: line.quantity,
  });
}

/** A delivery to a street address in Sofia, as the checkout form sends it. */
export const TEST_DELIVERY = {
  method: 'address',
  name: 'Ana Petrova',
  phone: '+359 88 123 4567',
  country: 'BG',
  city: 'Sofia',
  postcode: '1000',
  line1: '1 Vitosha Blvd',
} as const;

export async function checkout(app: App, user: CreatedUser, lang?: 'en' | 'bg') {
  const response = await app.inject({
    method: 'POST',
    url: `/api/checkout/session${lang ? `?lang=${lang}` : ''}`,
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY },
  });
  if (response.statusCode !== 201) throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  return response.json<{ sessionId: string; url: string }>();
}

export async function orderOf(db: Db, sessionId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  if (!order) throw new Error(`no order for ${sessionId}`);
  return order;
}

export const cartOf = (db: Db, userId: number) =>
  db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(cartItems.id);

/** Pays a session on the built-in test page with the card that succeeds (4242…), as a browser posts the form. */
export async function payOnTestPage(app: App, sessionId: string): Promise<void> {
  const paid = await app.inject({
    method: 'POST',
    url: `/pay/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'cardNumber=4242+4242+4242+4242&expiry=12%2F39&cvc=123&name=Ana',
  });
  if (paid.statusCode !== 303) throw new Error(`the test page answered ${paid.statusCode}: ${paid.body}`);
}

/** A Checkout session as a Stripe event carries it: the fields the webhook reads. */
export interface StripeSessionFields {
  id: string;
  /** `client_reference_id`: what the session pays for (an order's id, `gift-card-<id>`). */
  reference: string;
  metadata: Record<string, string>;
  amountCents: number;
  currency?: string;
  paymentIntent: string;
  paymentStatus: 'paid' | 'unpaid';
}

/** Stripe's event of `type` about a Checkout session (`checkout.session.completed`, …), as the webhook's body. */
export function stripeSessionEvent(type: string, session: StripeSessionFields, eventId: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: session.reference,
        metadata: session.metadata,
        amount_total: session.amountCents,
        currency: session.currency ?? 'usd',
        payment_intent: session.paymentIntent,
        payment_status: session.paymentStatus,
      },
    },
  });
}

const stripeSigner = new Stripe('sk_test_signer');

/**
 * Posts `payload` to the payments webhook as Stripe does: signed with `secret` (at `timestamp`,
 * else now), or with the `signature` header given instead (null: none at all).
 */
export function sendStripeWebhook(
  app: App,
  payload: string,
  options: { secret: string; timestamp?: number | undefined; signature?: string | null | undefined },
) {
  const signature =
    options.signature !== undefined
      ? options.signature
      : stripeSigner.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret,
          timestamp: options.timestamp,
        });
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });
}
