import { on } from '../../platform/outbox/declare.js';
import { PROVIDER_REFUND } from '../orders/effect-kinds.js';
import { CREDIT_NOTE, INVOICE_ISSUE, SALE_DOCUMENT } from './effect-kinds.js';

/** The documents module's answer to order events (effects.ts issues them). */
export const documentSubscriptions = [
  // Once per order, at the tax event: its sale document (paid by card, or cash collected on
  // delivery), and its invoice if one was asked for.
  on('paid', ({ orderId }) => [
    SALE_DOCUMENT.effect({ orderId }, { id: orderId, orderId }),
    INVOICE_ISSUE.effect({ orderId }, { id: orderId, orderId }),
  ]),
  // Once per refund: its credit note, if the order has an invoice, after the provider's refund
  // (no credit note for money that did not move).
  on('refunded', ({ orderId, detail: { refundId } }) =>
    CREDIT_NOTE.effect({ orderId, refundId }, { id: refundId, orderId, after: PROVIDER_REFUND.key(refundId) }),
  ),
];
