import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';

/** The invitation to review what an order brought (effects.ts), REVIEW_INVITE_DAYS after delivery. */
export const REVIEW_INVITE = effectKind('mail.review-invite', z.object({ orderId: z.number().int() }));
export const REVIEW_INVITE_DAYS = 7;
