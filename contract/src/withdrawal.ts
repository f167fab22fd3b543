import { toCents } from './money.js';
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
