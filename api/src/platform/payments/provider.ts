import type { Language, PaymentProviderName } from '@shop/contract';

/** One line of an order as a payment page shows it (the delivery is a line of its own). */
export interface OrderLine {
  /** The product's name in the order's language (built-in page: its English one, with `nameBg`). */
  name: string;
  nameBg?: string;
  colorName: string;
  colorNameBg: string;
  size: string;
  unitPriceCents: number;
  quantity: number;
  /** The line's share of the order's discount (0 without one). */
  discountCents: number;
  imageUrl: string;
}

/**
 * The lines a provider charges, adding up to exactly what the shopper pays: a discounted line at
 * its discounted unit price when the discount divides evenly among its units, else as one line
 * of all its units ("Name × 3") at what they cost together.
 */
export function chargedLines(
  items: readonly OrderLine[],
): { line: OrderLine; unitAmountCents: number; quantity: number }[] {
  return items.map((line) => {
    if (line.discountCents === 0) return { line, unitAmountCents: line.unitPriceCents, quantity: line.quantity };
    if (line.discountCents % line.quantity === 0) {
      return {
        line,
        unitAmountCents: line.unitPriceCents - line.discountCents / line.quantity,
        quantity: line.quantity,
      };
    }
    const name = line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name;
    return {
      line: { ...line, name },
      unitAmountCents: line.unitPriceCents * line.quantity - line.discountCents,
      quantity: 1,
    };
  });
}

/** What a provider needs to open a hosted payment session for an order. */
export interface CheckoutOrder {
  id: number;
  createdAt: Date;
  currency: string;
  totalCents: number;
  locale: Language;
  email: string;
  /** When the session must close: the order lapses then (PAYMENT_SESSION_TTL_MS after checkout). */
  expiresAt: Date;
  items: OrderLine[];
  /** A gift card's purchase (no order): `id` is the card's, and the provider returns to the Gift cards page. */
  giftCard?: boolean;
}

export interface HostedSession {
  sessionId: string;
  /** Where the browser goes to pay (absolute for Stripe, a path of this server for the local page). */
  url: string;
}

/**
 * A provider event, as the payment service applies it. Stripe webhooks and the built-in page
 * both produce these; `eventId` is what makes an event apply once.
 */
export interface PaymentEvent {
  provider: PaymentProviderName;
  eventId: string;
  /** The provider's event type, recorded in payment_events. */
  type: string;
  /** The order status this event asks for. */
  outcome: 'paid' | 'cancelled' | 'expired' | 'failed';
  sessionId: string;
  /** What the provider says about the order; checked against ours before it is paid. */
  orderId: number | null;
  amountCents: number | null;
  currency: string | null;
  /** The provider's reference of the payment (Stripe: its PaymentIntent), kept for refunds. */
  paymentReference: string | null;
}

/**
 * Whether a provider's checkout sessions stay open on its side until closed: Stripe's do; the
 * built-in page's are the order itself (it reads the order's status), so a closed order needs no
 * CLOSE_SESSION effect (decision 0102).
 */
export const CLOSES_SESSIONS: Readonly<Record<PaymentProviderName, boolean>> = { local: false, stripe: true };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** False with `PAYMENTS=off`: checkout offers cash on delivery only, and refuses card. */
  readonly takesNewPayments: boolean;
  /** How long a checkout stays open: its order lapses, and its session closes, that long after it starts. */
  readonly sessionLifetimeMs: number;
  /**
   * A session the shop names itself, before its order exists (the built-in page): checkout then
   * writes the order with it in one statement. Providers that name their own sessions (Stripe)
   * leave this out and are asked with createSession once the order is written.
   */
  reserveSession?(): HostedSession;
  createSession(order: CheckoutOrder): Promise<HostedSession>;
  /** Closes a session that must not be paid any more (a newer checkout replaced it). */
  closeSession(sessionId: string): Promise<void>;
  /**
   * Gives back `amountCents` of a paid order. The same idempotency key never refunds twice, on
   * the provider's side too. Answers the provider's id of the refund.
   */
  refund(payment: { sessionId: string; reference: string | null }, amountCents: number, key: string): Promise<string>;
  /**
   * Verifies a webhook delivery on its raw bytes and reads it. Throws WebhookSignatureError when
   * it is not authentic; answers null for events the shop does not act on.
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent | null;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}
