import { z } from 'zod';

/**
 * What the shop does after a change commits (a mail, a provider's refund, a session to close),
 * as the admin sees the ones that keep failing (GET /api/admin/effects).
 */
export const EffectSchema = z.object({
  id: z.number().int(),
  /** What it does: `mail.order`, `payment.refund`, … */
  kind: z.string(),
  orderId: z.number().int().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it runs next (pending), or null once it gave up. */
  runAfter: z.string().nullable(),
  /** When it gave up: it waits for a retry. */
  failedAt: z.string().nullable(),
  /** The effects that wait for this one to be done (a refund's mail and credit note wait for the refund). */
  waiting: z.array(z.object({ id: z.number().int(), kind: z.string() })),
});
export type Effect = z.infer<typeof EffectSchema>;

export const EffectsQuerySchema = z.object({
  /**
   * `failed`: what needs the admin: those that gave up (they wait for a retry), and those that
   * failed at least once while others wait for them; `retrying`: failed at least once, to be tried again.
   */
  state: z.enum(['failed', 'retrying']).default('failed'),
});

export const EffectsResponseSchema = z.object({ data: z.array(EffectSchema), total: z.number().int() });
export type EffectsResponse = z.infer<typeof EffectsResponseSchema>;
