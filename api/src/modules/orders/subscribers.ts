import type { OrderEventType } from '@shop/contract';
import type { Effect } from '../../platform/outbox/outbox.js';
import { BACK_IN_STOCK } from '../stock/effect-kinds.js';

/** An order event as its subscribers see it, once recorded. */
export interface RecordedEvent {
  id: number;
  orderId: number;
  type: OrderEventType;
  detail: Record<string, unknown>;
}

/**
 * The mails an order sends its shopper, each in the language the order was placed in (their texts:
 * order-mails/mails.ts).
 */
export type OrderMailKind = 'confirmed' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

/** The kinds of effect the orders module runs (effects.ts; the mails order-mails/effects.ts). */
export const ORDER_MAIL = 'mail.order';
export const PROVIDER_REFUND = 'payment.refund';
export const CLOSE_SESSION = 'payment.close-session';
/** The withdrawal's acknowledgement (withdrawals/effects.ts runs it). */
export const WITHDRAWAL_MAIL = 'mail.withdrawal';
/** The owner's word of a new order (order-mails/effects.ts) and of a withdrawal (withdrawals/effects.ts). */
export const OWNER_ORDER_MAIL = 'mail.owner.order';
export const OWNER_WITHDRAWAL_MAIL = 'mail.owner.withdrawal';
/** The invitation to review what an order brought (reviews/effects.ts runs it), REVIEW_INVITE_DAYS after delivery. */
export const REVIEW_INVITE = 'mail.review-invite';
export const REVIEW_INVITE_DAYS = 7;
/** A paid order's sale document, its invoice, and each refund's credit note (documents/effects.ts runs them). */
export const SALE_DOCUMENT = 'records.sale-document';
export const INVOICE_ISSUE = 'invoices.invoice';
export const CREDIT_NOTE = 'invoices.credit-note';
/** The daily digest of low stock (order-mails/digest.ts writes it, keyed by the day). */
export const LOW_STOCK_DIGEST = 'mail.owner.low-stock';

const mail = (event: RecordedEvent, kind: OrderMailKind, extra: Record<string, unknown> = {}): Effect => ({
  kind: ORDER_MAIL,
  key: `${ORDER_MAIL}:${event.id}`,
  orderId: event.orderId,
  payload: { orderId: event.orderId, kind, ...extra },
});

/** Once per order: the owner hears of it when it is placed (cash on delivery) or paid (card). */
const ownerMail = (event: RecordedEvent): Effect => ({
  kind: OWNER_ORDER_MAIL,
  key: `${OWNER_ORDER_MAIL}:${event.orderId}`,
  orderId: event.orderId,
  payload: { orderId: event.orderId },
});

/** Once per order: a checkout's provider session is closed once, whichever step closed the order. */
const closeSession = (event: RecordedEvent): Effect => ({
  kind: CLOSE_SESSION,
  key: `${CLOSE_SESSION}:${event.orderId}`,
  orderId: event.orderId,
  payload: { orderId: event.orderId },
});

/** The provider's own word closed it (its webhook said expired or failed): nothing to close there. */
const closeSessionUnlessClosed = (event: RecordedEvent): Effect[] =>
  event.detail.byProvider ? [] : [closeSession(event)];

/** Once per order, a week after it arrived: how does it fit? (reviews/effects.ts). */
const reviewInvite = (event: RecordedEvent): Effect => ({
  kind: REVIEW_INVITE,
  key: `${REVIEW_INVITE}:${event.orderId}`,
  orderId: event.orderId,
  payload: { orderId: event.orderId },
  runAfter: new Date(Date.now() + REVIEW_INVITE_DAYS * 86_400_000),
});

/** Once per order: its sale document, when paid by card or when cash on delivery was collected (records/). */
const saleDocument = (event: RecordedEvent): Effect => ({
  kind: SALE_DOCUMENT,
  key: `${SALE_DOCUMENT}:${event.orderId}`,
  orderId: event.orderId,
  payload: { orderId: event.orderId },
});

/** Once per order: its invoice at the tax event, if one was asked for (invoices/). */
const invoice = (event: RecordedEvent): Effect => ({
  kind: INVOICE_ISSUE,
  key: `${INVOICE_ISSUE}:${event.orderId}`,
  orderId: event.orderId,
  payload: { orderId: event.orderId },
});

/** Once per refund: its credit note, if the order has an invoice (invoices/). */
const creditNote = (event: RecordedEvent): Effect => ({
  kind: CREDIT_NOTE,
  key: `${CREDIT_NOTE}:${String(event.detail.refundId)}`,
  orderId: event.orderId,
  payload: { orderId: event.orderId, refundId: event.detail.refundId },
});

/** Stock came back (released, restocked): whoever waits for it is told (stock/effects.ts). */
const backInStock = (event: RecordedEvent): Effect => ({
  kind: BACK_IN_STOCK,
  key: `${BACK_IN_STOCK}:${event.id}`,
  orderId: event.orderId,
});

/**
 * What follows each order event, written with it (lifecycle.ts `recordEvent`) and run after
 * commit by the outbox (docs/decisions/0032). A new effect of an event is one line here.
 */
export const ORDER_SUBSCRIBERS: Partial<Record<OrderEventType, (event: RecordedEvent) => Effect[]>> = {
  // Cash on delivery is an order at once; a card order once paid (not cash collected on delivery).
  placed: (event) => [mail(event, 'confirmed'), ownerMail(event)],
  paid: (event) => [
    ...(event.detail.cashCollected ? [] : [mail(event, 'confirmed'), ownerMail(event)]),
    saleDocument(event),
    invoice(event),
  ],
  shipped: (event) => [mail(event, 'shipped')],
  delivered: (event) => [mail(event, 'delivered'), reviewInvite(event)],
  // A pending checkout's session closes; an order that took stock gives it back. The shopper is
  // told when the owner cancelled (`notify`), not when they dropped their own checkout.
  cancelled: (event) => [
    ...(event.detail.notify ? [mail(event, 'cancelled', { reason: event.detail.reason })] : []),
    ...closeSessionUnlessClosed(event),
    backInStock(event),
  ],
  expired: (event) => [...closeSessionUnlessClosed(event), backInStock(event)],
  failed: (event) => [...closeSessionUnlessClosed(event), backInStock(event)],
  refunded: (event) => [
    {
      kind: PROVIDER_REFUND,
      key: `${PROVIDER_REFUND}:${String(event.detail.refundId)}`,
      orderId: event.orderId,
      payload: { refundId: event.detail.refundId },
    },
    // A cancellation's refund is told in its cancellation mail.
    ...(event.detail.partOf === 'cancel' ? [] : [mail(event, 'refunded', { amountCents: event.detail.amountCents })]),
    creditNote(event),
  ],
  returned: (event) => (event.detail.restock ? [backInStock(event)] : []),
  withdrawal: (event) => [
    {
      kind: WITHDRAWAL_MAIL,
      key: `${WITHDRAWAL_MAIL}:${event.id}`,
      orderId: event.orderId,
      payload: { withdrawalId: event.detail.withdrawalId },
    },
    {
      kind: OWNER_WITHDRAWAL_MAIL,
      key: `${OWNER_WITHDRAWAL_MAIL}:${event.id}`,
      orderId: event.orderId,
      payload: { withdrawalId: event.detail.withdrawalId },
    },
  ],
};

export const effectsOf = (event: RecordedEvent): Effect[] => ORDER_SUBSCRIBERS[event.type]?.(event) ?? [];
