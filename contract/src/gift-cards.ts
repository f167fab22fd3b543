import { z } from 'zod';
import { Money, money } from './money-codec.js';
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

/** A gift card's amounts a shopper may buy: whole amounts of the shop currency, from 10 to 500 (YEAR.md section 3). */
export const GIFT_CARD_MIN_CENTS = 10_00;
export const GIFT_CARD_MAX_CENTS = 500_00;
const AMOUNT_MESSAGE = 'Choose a whole amount from 10 to 500.';
export const GiftCardAmountSchema = money({
  min: GIFT_CARD_MIN_CENTS,
  max: GIFT_CARD_MAX_CENTS,
  message: AMOUNT_MESSAGE,
}).refine((cents) => cents % 100 === 0, AMOUNT_MESSAGE);

/** The shop's gift card settings: the amounts offered, and how long a card is valid (never under 12 months). */
export const GiftCardSettingsSchema = z.object({ amounts: z.array(Money), validityMonths: z.number() });
export const GIFT_CARD_VALIDITY_MIN_MONTHS = 12;
export const UpdateGiftCardSettingsSchema = z
  .object({
    amounts: z.array(GiftCardAmountSchema).min(1, 'Offer at least one amount.').max(8, 'Offer at most 8 amounts.'),
    validityMonths: z
      .number()
      .int('A gift card is valid for a whole number of months from 12 to 120.')
      .min(GIFT_CARD_VALIDITY_MIN_MONTHS, 'A gift card is valid for a whole number of months from 12 to 120.')
      .max(120, 'A gift card is valid for a whole number of months from 12 to 120.'),
  })
  .partial();

const recipientName = text()
  .trim()
  .min(1, "Enter the recipient's name.")
  .max(100, "The recipient's name has at most 100 characters.");
const recipientEmail = z
  .string()
  .trim()
  .max(254, 'Enter a valid email address.')
  .email('Enter a valid email address.')
  .transform((email) => email.toLowerCase());
const message = text().trim().max(500, 'The message has at most 500 characters.');

/**
 * `POST /api/gift-cards/checkout` (signed in): a card for someone, paid on the card provider's page
 * (never on delivery). `sendAt` is the day the recipient gets it (YYYY-MM-DD, the shop's calendar,
 * today up to a year ahead; left out: at once).
 */
export const GiftCardCheckoutBodySchema = z.object({
  amount: GiftCardAmountSchema,
  recipientName,
  recipientEmail,
  message: message.optional(),
  sendAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a send date from today to a year ahead.')
    .optional(),
  lang: z.enum(['en', 'bg']).default('en'),
});
export type GiftCardCheckoutBody = z.input<typeof GiftCardCheckoutBodySchema>;
export const GiftCardCheckoutSchema = z.object({ url: z.string() });

/** `POST /api/admin/gift-cards`: a gift from the shop, active at once and mailed now. */
export const AdminGiftCardBodySchema = z.object({
  amount: money({ min: 1, max: 10_000_00 }),
  recipientName,
  recipientEmail,
  message: message.optional(),
  lang: z.enum(['en', 'bg']).default('en'),
});
export type AdminGiftCardBody = z.input<typeof AdminGiftCardBodySchema>;

/** A card as the owner's list shows it: the code masked but its last four. */
export const AdminGiftCardSchema = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  amount: Money,
  balance: Money,
  currency: z.string(),
  buyer: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  sendAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type AdminGiftCard = z.infer<typeof AdminGiftCardSchema>;

/** `GET /api/admin/gift-cards?page=`: a page of cards and the outstanding balance (the shop's liability). */
export const AdminGiftCardListSchema = z.object({
  data: z.array(AdminGiftCardSchema),
  total: z.number(),
  page: z.number(),
  outstanding: Money,
});
export type AdminGiftCardList = z.infer<typeof AdminGiftCardListSchema>;

/** One entry of a card's ledger. */
export const LedgerEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amount: Money,
  orderId: z.number().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export const GiftCardLedgerSchema = z.object({ data: z.array(LedgerEntrySchema), balance: Money });
export type GiftCardLedger = z.infer<typeof GiftCardLedgerSchema>;

/** `POST /api/admin/gift-cards/{id}/void`: why (kept on its ledger entry). */
export const VoidGiftCardBodySchema = z.object({ reason: text().trim().max(300).optional() });

/** `?page=` of the owner's list. */
export const AdminGiftCardsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
