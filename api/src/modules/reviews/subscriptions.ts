import { on } from '../../platform/outbox/declare.js';
import { REVIEW_INVITE, REVIEW_INVITE_DAYS } from './effect-kinds.js';

/** Once per order, a week after it arrived: how does it fit? (effects.ts). */
export const reviewSubscriptions = [
  on('delivered', ({ orderId }) =>
    REVIEW_INVITE.effect(
      { orderId },
      { id: orderId, orderId, runAfter: new Date(Date.now() + REVIEW_INVITE_DAYS * 86_400_000) },
    ),
  ),
];
