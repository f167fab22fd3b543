import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';

/** A recall's notice to the buyer of one order (keyed by recall and order: one mail each; effects.ts). */
export const RECALL_MAIL = effectKind(
  'mail.recall',
  z.object({ recallId: z.number().int(), orderId: z.number().int() }),
);
