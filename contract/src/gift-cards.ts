import { z } from 'zod';
import { Money, money } from './money.js';
import { text } from './text.js';

/** A gift card: `pending` until its purchase is paid, `active`, or `voided` by the owner (YEAR.md section 3). */
export const GIFT_CARD_STATUSES = ['pending', 'active', 'voided'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/**
 * The ledger's entries (gift cards and store credit alike): `issued` and `given-back` add, `spent`,
 * `voided` and `expired` take away. A balance is their sum.
 */
export const LEDGER_ENTRY_KINDS = ['issued', 'spent', 'given-back', 'voided', 'expired'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** `POST /api/admin/users/{id}/store-credit`: a goodwill credit from the owner, with its reason (audited). */
export const StoreCreditBodySchema = z.object({
  amount: money({ min: 1, max: 1_000_000_00 }),
  reason: text().trim().min(1, 'Say why the credit is given.').max(300),
});
export type StoreCreditBody = z.infer<typeof StoreCreditBodySchema>;

/** An account's store credit: what it can spend at checkout. */
export const StoreCreditSchema = z.object({ storeCredit: Money });

/** `GET /api/gift-cards/{code}`: what a card holds and until when. */
export const GiftCardBalanceSchema = z.object({ balance: Money, currency: z.string(), expiresAt: z.string() });
export type GiftCardBalance = z.infer<typeof GiftCardBalanceSchema>;
export const GiftCardCodeParamsSchema = z.object({ code: text().max(40) });

/** Gift card codes given at checkout (any case, spaces, hyphens): at most five an order. */
export const GiftCardCodesSchema = z
  .array(text().trim().min(1).max(40, 'A gift card code has 16 characters.'))
  .max(5, 'At most five gift cards an order.');

/** A gift card paying for an order or a quote: its last four characters and what it pays. */
export const AppliedGiftCardSchema = z.object({ code: z.string(), amount: Money });
export type AppliedGiftCard = z.infer<typeof AppliedGiftCardSchema>;
