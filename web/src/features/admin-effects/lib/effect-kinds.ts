import type { TFunction } from 'i18next';

/** The effects the shop runs after a change (the API modules' effect-kinds.ts), each with a label. */
export const EFFECT_KINDS = [
  'mail.order',
  'mail.withdrawal',
  'mail.back-in-stock',
  'mail.invoice',
  'mail.review-invite',
  'mail.owner.order',
  'mail.owner.withdrawal',
  'mail.owner.low-stock',
  'mail.owner.refund-refused',
  'payment.refund',
  'payment.close-session',
  'stock.back-in-stock',
  'records.sale-document',
  'invoices.invoice',
  'invoices.credit-note',
  'campaign.start',
  'campaign.mail',
  'mail.cart-reminder',
  'marketing.cart-reminders',
] as const;

const isKnown = (kind: string): kind is (typeof EFFECT_KINDS)[number] =>
  (EFFECT_KINDS as readonly string[]).includes(kind);

/** What a task does, in the page's language; a kind this screen does not know yet is shown as it is. */
export const effectLabel = (kind: string, t: TFunction) => (isKnown(kind) ? t(`adminEffects.kinds.${kind}`) : kind);
