import { z } from 'zod';
import { multilineText, text } from './text.js';
import { SIZES } from './constants.js';
import { Money } from './money-codec.js';
import { OFFICE_KINDS } from './couriers.js';

/*
 * Returns and size exchanges by the shopper (YEAR.md section 2; docs/decisions/0056). Names of
 * routes, fields, codes and statuses are the contract.
 */

export const RETURN_REASONS = [
  'too-small',
  'too-large',
  'not-as-pictured',
  'defective',
  'changed-mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The reasons that speak of size (the product page's "runs small / large" counts them). */
export const SIZE_REASONS = ['too-small', 'too-large'] as const satisfies readonly ReturnReason[];

export const RETURN_OUTCOMES = ['refund', 'exchange', 'store-credit'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'in-transit',
  'received',
  'refunded',
  'exchanged',
  'credited',
  'rejected',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** A return still to be dealt with by the owner (the navigation's badge counts them). */
export const OPEN_RETURN_STATUSES = [
  'requested',
  'approved',
  'in-transit',
  'received',
] as const satisfies readonly ReturnStatus[];

const whole = (message: string) => z.number(message).int(message);

export const ReturnLineBodySchema = z.object({
  orderItemId: whole('Choose a line of this order.').positive('Choose a line of this order.'),
  quantity: whole('Give a whole number of items.').min(1, 'Give a whole number of items, at least 1.'),
  reason: z.enum(RETURN_REASONS, 'Choose a reason from the list.'),
  /** Another size or colour of the same product (an exchange). */
  exchangeFor: z
    .object({
      colorId: whole('Choose a colour of this product.').positive('Choose a colour of this product.'),
      size: z.enum(SIZES, 'Choose a size of this product.'),
    })
    .optional(),
  /** A hygiene-sealed product's seal is intact (the withdrawal does not apply once it is broken). */
  sealIntact: z.boolean().optional(),
});
export type ReturnLineBody = z.infer<typeof ReturnLineBodySchema>;

/** `POST /api/orders/{id}/returns` and `.../returns/quote`. */
export const CreateReturnBodySchema = z.object({
  lines: z
    .array(ReturnLineBodySchema)
    .min(1, 'Choose at least one line to return.')
    .max(100)
    .refine((lines) => new Set(lines.map((line) => line.orderItemId)).size === lines.length, 'Name each line once.'),
  outcome: z.enum(RETURN_OUTCOMES, 'Choose a refund, an exchange or store credit.'),
  note: multilineText().trim().max(1000, 'A note has at most 1,000 characters.').optional(),
  /** The courier's office or locker where the shopper will hand the parcel in (GET /api/couriers/offices); none: any. */
  dropOffOfficeId: whole('Choose an office from the list.').positive('Choose an office from the list.').optional(),
});
export type CreateReturnBody = z.input<typeof CreateReturnBodySchema>;

export const ReturnQuoteSchema = z.object({
  /** What the shopper gets back (money, or store credit with its bonus); 0 for an exchange. */
  refund: Money,
  /** What the return label costs the shopper (deducted from the refund); 0 when the shop pays. */
  labelCost: Money,
});
export type ReturnQuote = z.infer<typeof ReturnQuoteSchema>;

export const ReturnLabelSchema = z.object({
  /** The label's PDF, a signed link (no sign-in needed). */
  url: z.string(),
  courier: z.string(),
  trackingNumber: z.string(),
});

/** The office or locker the shopper chose to hand the parcel in at, named in both languages. */
export const ReturnDropOffSchema = z.object({
  id: z.number(),
  kind: z.enum(OFFICE_KINDS),
  name: z.string(),
  nameBg: z.string(),
  address: z.string(),
  addressBg: z.string(),
});
export type ReturnDropOff = z.infer<typeof ReturnDropOffSchema>;

export const ReturnSchema = z.object({
  id: z.number(),
  reference: z.string(),
  orderId: z.number(),
  status: z.enum(RETURN_STATUSES),
  outcome: z.enum(RETURN_OUTCOMES),
  lines: z.array(
    z.object({
      orderItemId: z.number(),
      quantity: z.number(),
      reason: z.enum(RETURN_REASONS),
      exchangeFor: z.object({ colorId: z.number(), size: z.string() }).nullable(),
      sealIntact: z.boolean().nullable().optional(),
    }),
  ),
  refund: Money,
  labelCost: Money,
  label: ReturnLabelSchema.nullable(),
  /** Where the shopper hands the parcel in (null: to the courier, or at any office). */
  dropOffOffice: ReturnDropOffSchema.nullable().optional(),
  /** Why the owner rejected it (the shopper reads it); null otherwise. */
  rejectReason: z.string().nullable().optional(),
  /** Also the shopper's withdrawal from these lines (made within the withdrawal period). */
  withdrawal: z.boolean().optional(),
  /** The exchange order (total 0) once received, or null. */
  exchangeOrderId: z.number().nullable().optional(),
  createdAt: z.string(),
});
export type Return = z.infer<typeof ReturnSchema>;

export const ReturnAnswerSchema = z.object({ return: ReturnSchema });
export const ReturnListSchema = z.object({ data: z.array(ReturnSchema) });

/** `POST /api/admin/returns/{id}/reject`. */
export const RejectReturnBodySchema = z.object({
  reason: text({ message: 'Say why, for the shopper.' })
    .trim()
    .min(1, 'Say why, for the shopper.')
    .max(500, 'A reason has at most 500 characters.'),
});

/** `POST /api/admin/returns/{id}/receive`: each unit's condition (a line may come twice, in two conditions). */
export const ReceiveReturnBodySchema = z.object({
  lines: z
    .array(
      z.object({
        orderItemId: whole('Choose a line of this return.').positive('Choose a line of this return.'),
        quantity: whole('Give a whole number of items.').min(1, 'Give a whole number of items, at least 1.'),
        condition: z.enum(['resell', 'damaged'], 'Choose resellable or damaged.'),
      }),
    )
    .min(1, 'Say what came back.')
    .max(200),
});
export type ReceiveReturnBody = z.infer<typeof ReceiveReturnBodySchema>;

/** What the owner's list and actions answer: the return with its order, shopper, lines named and deadline. */
export const AdminReturnSchema = ReturnSchema.extend({
  orderReference: z.string(),
  /** The shopper's account (null once deleted). */
  customer: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The order's language: the shopper's mails go in it. */
  locale: z.enum(['en', 'bg']),
  /** By when the shopper gets their money (14 days from the request, the law's for a withdrawal); null once settled or rejected. */
  refundDueAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  /** Each returned line named as bought, with what came back in each condition (0 until received). */
  items: z.array(
    z.object({
      orderItemId: z.number(),
      name: z.string(),
      nameBg: z.string(),
      colorName: z.string(),
      colorNameBg: z.string(),
      size: z.string(),
      quantity: z.number(),
      /** The exchange's colour, named (null for a refund or credit). */
      exchangeColorName: z.string().nullable(),
      /** Its Bulgarian name ('' when none; null as `exchangeColorName`). */
      exchangeColorNameBg: z.string().nullable(),
      resell: z.number(),
      damaged: z.number(),
    }),
  ),
});
export type AdminReturn = z.infer<typeof AdminReturnSchema>;

export const ADMIN_RETURNS_PAGE_MAX = 100;

/** `GET /api/admin/returns?status=&page=`: `open` is every status still to be acted on, `closed` every other. */
export const AdminReturnsQuerySchema = z.object({
  status: z.enum([...RETURN_STATUSES, 'open', 'closed'], 'Choose a status of the list.').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_RETURNS_PAGE_MAX).default(20),
});
export type AdminReturnsQuery = z.input<typeof AdminReturnsQuerySchema>;

export const AdminReturnsSchema = z.object({
  data: z.array(AdminReturnSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** How many returns wait for the owner (the navigation's badge). */
  open: z.number().int(),
});
export type AdminReturns = z.infer<typeof AdminReturnsSchema>;

export const AdminReturnAnswerSchema = z.object({ return: AdminReturnSchema });

const reasonCounts = z.object(
  Object.fromEntries(RETURN_REASONS.map((reason) => [reason, z.number().int()])) as Record<ReturnReason, z.ZodNumber>,
);

/** One product's returns: units delivered, units sent back (returns not rejected), their rate and reasons. */
export const ProductReturnRateSchema = z.object({
  productId: z.number(),
  /** Its name as bought, in English and in Bulgarian ('' when none; itemNameIn picks). */
  name: z.string(),
  nameBg: z.string(),
  delivered: z.number().int(),
  returned: z.number().int(),
  /** returned ÷ delivered, 0 to 1 (rounded to 3 decimals); 0 when nothing was delivered. */
  rate: z.number(),
  reasons: reasonCounts,
});

/** `GET /api/admin/returns/stats`: what returns teach, per product (highest rate first) and per reason. */
export const ReturnStatsSchema = z.object({
  products: z.array(ProductReturnRateSchema),
  /** Units returned for each reason, over every product. */
  reasons: reasonCounts,
});
export type ReturnStats = z.infer<typeof ReturnStatsSchema>;
