import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';

const withdrawal = z.object({ withdrawalId: z.number().int() });

/** The acknowledgement of a recorded withdrawal, to the shopper (effects.ts). */
export const WITHDRAWAL_MAIL = effectKind('mail.withdrawal', withdrawal);
/** The owner's notice of it. */
export const OWNER_WITHDRAWAL_MAIL = effectKind('mail.owner.withdrawal', withdrawal);
