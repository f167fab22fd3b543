import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';

const withdrawal = z.object({ withdrawalId: z.number().int() });

/** The acknowledgement of a recorded withdrawal, to the shopper (effects.ts). */
export const WITHDRAWAL_MAIL = effectKind('mail.withdrawal', withdrawal);
/** The owner's notice of it. */
export const OWNER_WITHDRAWAL_MAIL = effectKind('mail.owner.withdrawal', withdrawal);
/** The shopper's mail of a cash-on-delivery withdrawal's refund: what went to the cards, the credit and the bank (refund.ts). */
export const WITHDRAWAL_REFUND_MAIL = effectKind(
  'mail.withdrawal.refund',
  z.object({ withdrawalId: z.number().int(), key: z.string(), amountCents: z.number().int() }),
);
