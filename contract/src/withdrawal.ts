import { z } from 'zod';
import { multilineText, text } from './text.js';
import { EmailSchema } from './auth.js';
import { RefIdSchema } from './common.js';
import { toCents } from './money.js';
import { money } from './money-codec.js';
import type { Order } from './orders.js';

/**
 * What a withdrawal costs the shop, the same on the admin's order page and the shopper's: the
 * lines withdrawn, the refund due and its deadline (Directive 2011/83/EU art. 13, ЗЗП чл. 55).
 *
 * Decided: the refund due is what the withdrawn lines cost; when the whole order was withdrawn,
 * everything paid: the standard delivery too (the law: "all payments received … including the
 * costs of delivery") and the cash-on-delivery fee (the terms promise "everything you paid"). For
 * part of an order the delivery served the lines kept: only the lines. The owner may refund more
 * by the refund dialog's amount.
 */

/** The law's days to refund, counted from the withdrawal's notice (not from the items' return). */
export const WITHDRAWAL_REFUND_DAYS = 14;

const DAY_MS = 86_400_000;

/**
 * When the withdrawal period of an order delivered at `deliveredAt` ends (`returnDays` after
 * delivery, the shop's setting); null while it has not been delivered (the period has not begun
 * and withdrawing is open). Beside the table: it depends on the settings and the clock.
 */
export const withdrawalEndsAt = (deliveredAt: Date | string | null, returnDays: number): Date | null =>
  deliveredAt === null ? null : new Date(new Date(deliveredAt).getTime() + returnDays * DAY_MS);

/** When the refund of a withdrawal submitted at `submittedAt` is due at the latest. */
export const withdrawalRefundDeadline = (submittedAt: Date | string): Date =>
  new Date(new Date(submittedAt).getTime() + WITHDRAWAL_REFUND_DAYS * DAY_MS);

export interface WithdrawnLine {
  item: Order['items'][number];
  quantity: number;
}

export interface WithdrawalRefund {
  /** The lines withdrawn, in the order's order, with how many of each. */
  lines: WithdrawnLine[];
  /** Every unit of every line withdrawn. */
  whole: boolean;
  /** What the withdrawn lines cost. */
  linesCents: number;
  /** The standard delivery and the cash-on-delivery fee when the whole order was withdrawn, else 0. */
  deliveryCents: number;
  /** linesCents + deliveryCents, never more than the order's total. */
  dueCents: number;
  /** What is left of it to refund: less what was refunded already, never below 0. */
  toRefundCents: number;
  deadline: Date;
}

type WithdrawnOrder = Pick<Order, 'items' | 'deliveryCost' | 'codFee' | 'total' | 'refunded' | 'withdrawal'>;

/** The refund a withdrawal of `order` calls for; null when none was made. A withdrawal naming no lines is of them all. */
export function withdrawalRefund(order: WithdrawnOrder): WithdrawalRefund | null {
  const { withdrawal } = order;
  if (!withdrawal) return null;
  const named = withdrawal.items ?? order.items.map((item) => ({ orderItemId: item.id, quantity: item.quantity }));
  const lines = order.items.flatMap((item) => {
    const quantity = named
      .filter((entry) => entry.orderItemId === item.id)
      .reduce((sum, entry) => sum + entry.quantity, 0);
    return quantity > 0 ? [{ item, quantity: Math.min(quantity, item.quantity) }] : [];
  });
  const whole =
    order.items.length > 0 &&
    order.items.every((item) => lines.some((line) => line.item === item && line.quantity === item.quantity));
  const linesCents = lines.reduce((sum, line) => sum + paidForUnits(line.item, line.quantity), 0);
  const deliveryCents = whole ? toCents(order.deliveryCost) + toCents(order.codFee) : 0;
  const dueCents = Math.min(linesCents + deliveryCents, toCents(order.total));
  return {
    lines,
    whole,
    linesCents,
    deliveryCents,
    dueCents,
    toRefundCents: Math.max(0, dueCents - toCents(order.refunded)),
    deadline: withdrawalRefundDeadline(withdrawal.submittedAt),
  };
}

/**
 * What the shopper paid for `units` of an order line: their price less their part of the line's
 * discount (rounded half up; all the line's units: the whole discount), so that refunds give back
 * exactly what was paid.
 */
export function paidForUnits(
  item: Pick<Order['items'][number], 'unitPrice' | 'quantity' | 'discount'>,
  units: number,
): number {
  const discountCents = toCents(item.discount ?? 0);
  const share =
    units >= item.quantity
      ? discountCents
      : Math.floor((discountCents * units * 2 + item.quantity) / (2 * item.quantity));
  return toCents(item.unitPrice) * units - share;
}

/**
 * The lines a shopper withdraws from (all of them when left out), and why if they like. A line of a
 * hygiene-sealed product, once delivered, says whether its seal is intact: the withdrawal does not
 * apply to one whose seal was broken (409 SEAL_BROKEN; unsaid: 400, as a return's line).
 */
export const CreateWithdrawalBodySchema = z.object({
  items: z
    .array(
      z.object({
        orderItemId: RefIdSchema,
        quantity: z.number().int('A quantity is a whole number.').min(1, 'A quantity is at least 1.').max(99),
        sealIntact: z.boolean('Say whether the hygiene seal is intact.').optional(),
      }),
    )
    .min(1, 'Choose at least one item.')
    .max(100)
    .optional(),
  reason: multilineText().trim().max(1000, 'The reason has at most 1000 characters.').optional(),
});
export type CreateWithdrawalBody = z.input<typeof CreateWithdrawalBodySchema>;

/**
 * The owner refunds a cash-on-delivery order's withdrawal (decision 0070): `amount`, or all of its
 * refund that is left when left out. The cash share is the owner's bank transfer; what gift cards
 * and store credit paid past it goes back to them.
 */
export const WithdrawalRefundBodySchema = z.object({
  amount: money({ min: 1, max: 100_000_000, message: 'The amount must be more than 0, in whole cents.' }).optional(),
});
export type WithdrawalRefundBody = z.input<typeof WithdrawalRefundBodySchema>;

/** An order's public reference (`orders.reference`): 12 hexadecimal characters, what shoppers read and type. */
export const ORDER_REFERENCE = /^[0-9A-F]{12}$/;

/**
 * The order named on the public form: its reference (12 hexadecimal characters, any case, an
 * optional leading "#"), or, for mails sent before references, its number (1 to 9 digits). The
 * answer is the same whichever is given and whether it exists, so accepting both tells nothing.
 */
export const PublicOrderKeySchema = z
  .union([z.number(), z.string()], { message: 'Enter the order reference.' })
  .transform((value, ctx): { reference: string } | { id: number } => {
    const text = String(value).trim().replace(/^#/, '').toUpperCase();
    if (ORDER_REFERENCE.test(text)) return { reference: text };
    if (/^[1-9]\d{0,8}$/.test(text)) return { id: Number(text) };
    ctx.addIssue({ code: 'custom', message: 'Enter the order reference.' });
    return z.NEVER;
  });
export type PublicOrderKey = z.output<typeof PublicOrderKeySchema>;

/**
 * The public withdrawal form, for shoppers who cannot log in: the order reference (`orderId`, its
 * contract name), the email it was placed with and a name. It records nothing by itself: a link
 * to confirm goes to the order's own address (docs/decisions/0024).
 */
export const PublicWithdrawalBodySchema = z.object({
  orderId: PublicOrderKeySchema,
  email: EmailSchema,
  name: text().trim().min(1, 'Enter your name.').max(100, 'Enter your name.'),
  reason: multilineText().trim().max(1000, 'The reason has at most 1000 characters.').optional(),
});
export type PublicWithdrawalBody = z.input<typeof PublicWithdrawalBodySchema>;

/** 202 to every well-formed public request, whatever the order: the link goes to the order's mailbox if any. */
export const WithdrawalRequestedSchema = z.object({ sent: z.literal(true) });
export type WithdrawalRequested = z.infer<typeof WithdrawalRequestedSchema>;

/** The token of the link mailed to the order's address. */
export const WithdrawalTokenSchema = text().trim().min(1, 'The link has no token.').max(200, 'The link is invalid.');
export const ConfirmWithdrawalBodySchema = z.object({ token: WithdrawalTokenSchema });
export type ConfirmWithdrawalBody = z.input<typeof ConfirmWithdrawalBodySchema>;
export const WithdrawalLinkQuerySchema = z.object({ token: WithdrawalTokenSchema });

/** What the confirmation page shows before the button (a read: opening the link records nothing). */
export const WithdrawalRequestSchema = z.object({
  reference: z.string(),
  submittedAt: z.string(),
  expiresAt: z.string(),
  /** When the link was used; the withdrawal then stands. */
  confirmedAt: z.string().nullable(),
});
export type WithdrawalRequestView = z.infer<typeof WithdrawalRequestSchema>;

export const WithdrawalSchema = z.object({
  withdrawal: z.object({
    id: z.number(),
    orderId: z.number(),
    /** The order's public reference (what the shopper reads). */
    reference: z.string(),
    submittedAt: z.string(),
    items: z.array(z.object({ orderItemId: z.number(), quantity: z.number() })),
  }),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;
