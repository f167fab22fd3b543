import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';

/** What a return's mail tells the shopper: approved, rejected (with the reason), received, or its outcome done. */
export const RETURN_MAIL_KINDS = ['approved', 'rejected', 'received', 'settled'] as const;
export type ReturnMailKind = (typeof RETURN_MAIL_KINDS)[number];

/** A mail to the return's shopper at one of its steps, in the order's language (effects.ts, mail.ts). */
export const RETURN_MAIL = effectKind(
  'mail.return',
  z.object({ returnId: z.number().int(), kind: z.enum(RETURN_MAIL_KINDS) }),
);
