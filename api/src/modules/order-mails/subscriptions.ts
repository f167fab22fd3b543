import { on, onFailure, type RecordedEvent } from '../../platform/outbox/declare.js';
import { PROVIDER_REFUND } from '../orders/effect-kinds.js';
import { ORDER_MAIL, OWNER_ORDER_MAIL, OWNER_REFUND_REFUSED, type OrderMailKind } from './effect-kinds.js';

/** Failed attempts of a provider refund before the owner is told (5 s, 15 s, 45 s: about a minute of refusals). */
export const TELL_OWNER_AFTER_ATTEMPTS = 3;

/** One mail per event; one that tells of a refund waits until the provider has made it. */
const mail = (
  { id, orderId }: RecordedEvent,
  kind: OrderMailKind,
  extra: { amountCents?: number; providerCents?: number | undefined; reason?: string | undefined } = {},
  refundId?: number,
) =>
  ORDER_MAIL.effect(
    { orderId, kind, ...extra },
    { id, orderId, after: refundId === undefined ? null : PROVIDER_REFUND.key(refundId) },
  );

/** Once per order: the owner hears of it when it is placed (cash on delivery) or paid (card). */
const ownerMail = ({ orderId }: RecordedEvent) => OWNER_ORDER_MAIL.effect({ orderId }, { id: orderId, orderId });

/**
 * The order mails to the shopper and the owner's notices (effects.ts sends them). The shopper is
 * never told of money that did not move: a refund's mail, and a paid order's cancellation (it says
 * "refunded in full"), wait for the provider's refund; while the provider refuses it, the owner is told.
 */
export const orderMailSubscriptions = [
  // Cash on delivery is an order at once; a card order once paid (not cash collected on delivery).
  on('placed', (event) => [mail(event, 'confirmed'), ownerMail(event)]),
  on('paid', (event) => (event.detail.cashCollected ? [] : [mail(event, 'confirmed'), ownerMail(event)])),
  on('shipped', (event) => mail(event, 'shipped')),
  on('delivered', (event) => mail(event, 'delivered')),
  // The shopper is told when the owner cancelled (`notify`), not when they dropped their own checkout.
  on('cancelled', (event) =>
    event.detail.notify ? mail(event, 'cancelled', { reason: event.detail.reason }, event.detail.refundId) : [],
  ),
  // A cancellation's refund is told in its cancellation mail, a return's in the return's (returns/mail.ts).
  on('refunded', (event) =>
    event.detail.partOf === 'cancel' || event.detail.returnId !== undefined
      ? []
      : mail(
          event,
          'refunded',
          { amountCents: event.detail.amountCents, providerCents: event.detail.providerCents },
          event.detail.refundId,
        ),
  ),
  onFailure(PROVIDER_REFUND, TELL_OWNER_AFTER_ATTEMPTS, ({ refundId }, { orderId }) =>
    OWNER_REFUND_REFUSED.effect({ refundId }, { id: refundId, orderId }),
  ),
];
