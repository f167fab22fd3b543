import { PAYMENT_SESSION_TTL_MS } from '@shop/contract';
import { generateToken, hashToken } from '../security/tokens.js';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './provider.js';

/**
 * The built-in test payment page (modules/payments/pay-routes.ts) stands in for a card provider.
 * Its URLs are paths of this very server: relative, so they work whatever host the shop is
 * reached by.
 */
const localPayPath = (sessionId: string) => `/pay/${sessionId}`;
export const localReturnPath = (result: 'success' | 'cancelled', sessionId: string) =>
  `/checkout-${result}?session_id=${encodeURIComponent(sessionId)}`;

export function localProvider({ takesNewPayments }: { takesNewPayments: boolean }): PaymentProvider {
  const reserveSession = () => {
    const sessionId = `cs_local_${generateToken(24)}`;
    return { sessionId, url: localPayPath(sessionId) };
  };
  return {
    name: 'local',
    takesNewPayments,
    sessionLifetimeMs: PAYMENT_SESSION_TTL_MS,
    reserveSession,
    async createSession() {
      return reserveSession();
    },
    async closeSession() {
      // The page reads the order's status: a cancelled order cannot be paid.
    },
    async refund(_payment, _amountCents, key) {
      // No money moved on the test page: the refund is recorded by the shop, named by its key.
      return `re_local_${hashToken(key).slice(0, 24)}`;
    },
    readWebhook() {
      // Its events are raised in-process; nothing from outside may claim to be one.
      throw new WebhookSignatureError('the built-in payment page takes no webhooks');
    },
  };
}

/** The event the built-in page raises: the same shape a Stripe webhook turns into. */
export function localEvent(
  order: { id: number; totalCents: number; currency: string; sessionId: string },
  outcome: PaymentEvent['outcome'],
): PaymentEvent {
  const types: Record<PaymentEvent['outcome'], string> = {
    paid: 'checkout.session.completed',
    expired: 'checkout.session.expired',
    failed: 'checkout.session.async_payment_failed',
    cancelled: 'checkout.session.cancelled',
  };
  return {
    provider: 'local',
    eventId: `evt_local_${generateToken(16)}`,
    type: types[outcome],
    outcome,
    sessionId: order.sessionId,
    orderId: order.id,
    amountCents: order.totalCents,
    currency: order.currency,
    paymentReference: outcome === 'paid' ? `pi_local_${generateToken(12)}` : null,
  };
}
