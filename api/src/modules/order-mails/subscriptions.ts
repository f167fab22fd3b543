import { on, type RecordedEvent } from '../../platform/outbox/declare.js';
import { ORDER_MAIL, OWNER_ORDER_MAIL, type OrderMailKind } from './effect-kinds.js';

/** One mail per event. */
const mail = (
  { id, orderId }: RecordedEvent,
  kind: OrderMailKind,
  extra: { amountCents?: number; reason?: string | undefined } = {},
) => ORDER_MAIL.effect({ orderId, kind, ...extra }, { id, orderId });

/** Once per order: the owner hears of it when it is placed (cash on delivery) or paid (card). */
const ownerMail = ({ orderId }: RecordedEvent) => OWNER_ORDER_MAIL.effect({ orderId }, { id: orderId, orderId });

/** The order mails to the shopper and the owner's notice of a new order (effects.ts sends them). */
export const orderMailSubscriptions = [
  // Cash on delivery is an order at once; a card order once paid (not cash collected on delivery).
  on('placed', (event) => [mail(event, 'confirmed'), ownerMail(event)]),
  on('paid', (event) => (event.detail.cashCollected ? [] : [mail(event, 'confirmed'), ownerMail(event)])),
  on('shipped', (event) => mail(event, 'shipped')),
  on('delivered', (event) => mail(event, 'delivered')),
  // The shopper is told when the owner cancelled (`notify`), not when they dropped their own checkout.
  on('cancelled', (event) => (event.detail.notify ? mail(event, 'cancelled', { reason: event.detail.reason }) : [])),
  // A cancellation's refund is told in its cancellation mail.
  on('refunded', (event) =>
    event.detail.partOf === 'cancel' ? [] : mail(event, 'refunded', { amountCents: event.detail.amountCents }),
  ),
];
