import { on } from '../../platform/outbox/declare.js';
import { OWNER_WITHDRAWAL_MAIL, WITHDRAWAL_MAIL } from './effect-kinds.js';

/** A withdrawal is acknowledged to its shopper and told to the owner, once each (effects.ts). */
export const withdrawalSubscriptions = [
  on('withdrawal', ({ id, orderId, detail: { withdrawalId } }) => [
    WITHDRAWAL_MAIL.effect({ withdrawalId }, { id, orderId }),
    OWNER_WITHDRAWAL_MAIL.effect({ withdrawalId }, { id, orderId }),
  ]),
];
