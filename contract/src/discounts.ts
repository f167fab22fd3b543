import { z } from 'zod';
import { text } from './text.js';
import { PRICE_MAX } from './product-editing.js';
import { DB_INT_MAX } from './common.js';
import { PAYMENT_METHODS } from './constants.js';
import { money, Money } from './money-codec.js';
import { AppliedGiftCardSchema, GiftCardCodesSchema } from './gift-cards.js';

/**
 * Discount codes (TRADE.md section 4; issue 30): an admin's codes, and the checkout's quote that
 * answers what a cart costs with one.
 */

export const DISCOUNT_KINDS = ['percent', 'amount', 'free-delivery'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A code as shoppers type it: 3–32 letters, digits, - or _; case does not matter. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

const instant = (message: string) =>
  z.iso.datetime({ offset: true, message }).transform((text) => new Date(text).toISOString());

const whole = (message: string, min: number, max: number) =>
  z.number({ message }).int(message).min(min, message).max(max, message);

/** An amount off, as a code's `value` of kind `amount` (decoded into cents). */
const amountOff = money({ min: 1, max: PRICE_MAX * 100 });

/**
 * `POST /api/admin/discount-codes` and `PUT …/{id}`: `value` is a percentage (1–100), an amount
 * (in the shop currency; read into cents), or nothing for free delivery.
 */
export const DiscountCodeBodySchema = z
  .object({
    code: z
      .string({ message: 'Give the code: 3 to 32 letters, digits, - or _' })
      .trim()
      .regex(DISCOUNT_CODE_PATTERN, 'Give the code: 3 to 32 letters, digits, - or _'),
    kind: z.enum(DISCOUNT_KINDS, { message: 'Choose percent, amount or free delivery' }),
    value: z.union([z.number(), text()], { message: 'Give the discount' }).optional(),
    minSubtotal: money({ min: 1, max: PRICE_MAX * 100, message: 'Give the minimum subtotal, e.g. 50.00' })
      .nullable()
      .optional(),
    startsAt: instant('Give the start as a date and time').nullable().optional(),
    endsAt: instant('Give the end as a date and time').nullable().optional(),
    maxUses: whole('Give the number of uses as a whole number', 1, DB_INT_MAX).nullable().optional(),
    maxUsesPerCustomer: whole('Give the uses per customer as a whole number', 1, 1000).default(1),
    includeSaleItems: z.boolean({ message: 'Say whether items on sale are included' }).default(false),
    active: z.boolean({ message: 'Say whether the code is active' }).default(true),
  })
  .superRefine((body, ctx) => {
    const percent = body.value;
    if (
      body.kind === 'percent' &&
      !(typeof percent === 'number' && Number.isInteger(percent) && percent >= 1 && percent <= 100)
    )
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Give a whole percentage from 1 to 100' });
    if (body.kind === 'amount' && !amountOff.safeParse(body.value).success)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Give the amount off, e.g. 10.00' });
    if (body.startsAt && body.endsAt && body.endsAt <= body.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The code must end after it starts' });
  })
  // The value in the unit of its kind: a percentage as it is, an amount in cents, nothing for free delivery.
  .transform(({ value, ...body }) => ({
    ...body,
    value: body.kind === 'percent' ? (value as number) : body.kind === 'amount' ? amountOff.parse(value) : null,
  }));
export type DiscountCodeBody = z.input<typeof DiscountCodeBodySchema>;
export type DiscountCodeFields = z.output<typeof DiscountCodeBodySchema>;

const codeFields = {
  id: z.number(),
  code: z.string(),
  minSubtotal: Money.nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number(),
  includeSaleItems: z.boolean(),
  active: z.boolean(),
  /** Orders that carry it and were not cancelled, expired or failed (open checkouts included). */
  uses: z.number(),
  createdAt: z.string(),
};

/** A code as the admin reads it: `value` the percentage, the amount off, or null for free delivery. */
export const DiscountCodeSchema = z.discriminatedUnion('kind', [
  z.object({ ...codeFields, kind: z.literal('percent'), value: z.number() }),
  z.object({ ...codeFields, kind: z.literal('amount'), value: Money }),
  z.object({ ...codeFields, kind: z.literal('free-delivery'), value: z.null() }),
]);
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

/** What an order says of its code: the code and what it took off (0 for free delivery). */
export const OrderDiscountSchema = z.object({ code: z.string(), amount: Money });
export type OrderDiscount = z.infer<typeof OrderDiscountSchema>;

/** `POST /api/checkout/quote`: what the shopper's cart costs delivered this way, paid this way, with this code. */
export const QuoteBodySchema = z.object({
  deliveryMethod: z.enum(['address', 'office', 'locker'], { message: 'Choose how the order is delivered.' }),
  /** The office or locker chosen (a locker is priced as a locker whatever the method says). */
  officeId: z.number().int().positive().optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: 'Choose card or cash on delivery.' }).default('card'),
  discountCode: text().trim().max(64, 'A code has at most 32 characters.').optional(),
  /** Gift cards to pay with, after any discount (YEAR.md section 3). */
  giftCards: GiftCardCodesSchema.optional(),
  /** Pay with the account's store credit. */
  useStoreCredit: z.boolean().optional(),
});
export type QuoteBody = z.input<typeof QuoteBodySchema>;

export const QuoteSchema = z.object({
  subtotal: Money,
  discount: OrderDiscountSchema.nullable(),
  deliveryCost: Money,
  codFee: Money,
  total: Money,
  /** How much more of goods (after the discount) buys free delivery; null when free already or never. */
  freeDeliveryRemaining: Money.nullable(),
  /** What each gift card pays (its last four characters), the store credit applied, and what is left to pay. */
  giftCards: z.array(AppliedGiftCardSchema),
  storeCredit: Money,
  amountDue: Money,
});
export type Quote = z.infer<typeof QuoteSchema>;

/** A cart line as the discount sees it: what it costs and whether it is on sale. */
export interface DiscountLine {
  unitPriceCents: number;
  quantity: number;
  onSale: boolean;
}

/** A code's terms as the discount needs them. */
export interface DiscountTerms {
  kind: DiscountKind;
  /** The percentage, or the amount in cents; ignored for free delivery. */
  value: number;
  includeSaleItems: boolean;
}

/**
 * Each line's share of the code's discount, in cents: a percentage of the lines it applies to
 * (rounded half up once, on their sum), or an amount (never more than they cost), spread over
 * them in proportion to what each costs, the cents left by rounding going to the lines with the
 * largest remainders, so the shares add up exactly. Lines on sale take none unless the code says so.
 */
export function discountShares(lines: readonly DiscountLine[], terms: DiscountTerms): number[] {
  const applies = lines.map((line) => terms.includeSaleItems || !line.onSale);
  const costs = lines.map((line, index) => (applies[index] ? line.unitPriceCents * line.quantity : 0));
  const base = costs.reduce((sum, cost) => sum + cost, 0);
  if (base === 0 || terms.kind === 'free-delivery') return lines.map(() => 0);
  const total =
    terms.kind === 'percent' ? Math.floor((base * terms.value * 2 + 100) / 200) : Math.min(terms.value, base);
  const exact = costs.map((cost) => (cost * total) / base);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    if (costs[index]! > shares[index]!) {
      shares[index]! += 1;
      left -= 1;
    }
  }
  return shares;
}
