import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';
import { every, everyMs } from '../../platform/outbox/timed.js';

/** What a return's mail tells the shopper: approved, rejected (with the reason), received, or its outcome done. */
export const RETURN_MAIL_KINDS = ['approved', 'rejected', 'received', 'settled'] as const;
export type ReturnMailKind = (typeof RETURN_MAIL_KINDS)[number];

/** A mail to the return's shopper at one of its steps, in the order's language (effects.ts, mail.ts). */
export const RETURN_MAIL = effectKind(
  'mail.return',
  z.object({ returnId: z.number().int(), kind: z.enum(RETURN_MAIL_KINDS) }),
);

/** An approved return's label, made by the order's courier after the approval commits (label.ts). */
export const RETURN_LABEL = effectKind('returns.label', z.object({ returnId: z.number().int() }));

/**
 * The shopper's mail once the label is made: the return's number, the label's link and where to
 * take the parcel (label-mail.ts). Written with the label, in its transaction: once per return.
 */
export const RETURN_LABEL_MAIL = effectKind('mail.return-label', z.object({ returnId: z.number().int() }));

/** Every quarter of an hour, the couriers are asked about the return labels they may have taken (label.ts). */
export const RETURN_TRACKING = every('returns.tracking', everyMs(15 * 60_000));
