import { z } from 'zod';

/**
 * Every kind of effect the API runs (its modules' `effect-kinds.ts`, the recurring ones included):
 * the admin's failed-tasks screen has a label for each in both languages. A test beside the API's
 * handlers fails when a kind is missing here, and one beside the screen when a label is.
 */
export const EFFECT_KINDS = [
  'mail.order',
  'mail.withdrawal',
  'mail.withdrawal.refund',
  'mail.back-in-stock',
  'mail.invoice',
  'mail.review-invite',
  'mail.return',
  'mail.return-label',
  'mail.complaint',
  'mail.complaint.decision',
  'mail.recall',
  'mail.gift-card',
  'mail.gift-card.purchase',
  'mail.gift-card.expiry',
  'mail.cart-reminder',
  'mail.owner.order',
  'mail.owner.withdrawal',
  'mail.owner.low-stock',
  'mail.owner.refund-refused',
  'mail.owner.complaint-due',
  'payment.refund',
  'payment.close-session',
  'orders.expire-lapsed',
  'stock.back-in-stock',
  'records.sale-document',
  'invoices.invoice',
  'invoices.credit-note',
  'gift-card.expire',
  'campaign.start',
  'campaign.mail',
  'marketing.cart-reminders',
  'sale.boundary',
  'couriers.tracking',
  'couriers.offices',
  'returns.label',
  'returns.tracking',
  'files.collect',
] as const;
export type EffectKindName = (typeof EFFECT_KINDS)[number];

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
