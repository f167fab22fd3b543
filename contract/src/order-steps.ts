import type { Fulfilment as FulfilmentStatus, OrderStatus, PaymentMethod } from './constants.js';
import { toCents } from './money.js';
import type { Order, OrderEventType } from './orders.js';

/**
 * The order's rules in one table (docs/decisions/0032): every step an order can take, who may take
 * it, from which status × fulfilment × payment method, to which state, recording which event. The
 * API moves an order only through this table (api/src/modules/orders/core.ts); the admin's and the
 * shopper's screens offer only the steps it allows. A new step is a new row.
 */
export const ORDER_STEPS = [
  'pay',
  'confirm',
  'ship',
  'deliver',
  'cancel',
  'refund',
  'return',
  'withdraw',
  'expire',
  'fail',
] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** Who takes a step: the owner, the shopper (their own order), or the shop itself (the provider's word, a timer). */
export type OrderActor = 'admin' | 'shopper' | 'system';

/** What the table reads of an order: its state, and the few facts some steps also depend on. Money in cents. */
export interface OrderFacts {
  status: OrderStatus;
  fulfilment: FulfilmentStatus;
  paymentMethod: PaymentMethod;
  totalCents: number;
  refundedCents: number;
  /** A cash-on-delivery order of a new account that the owner has yet to confirm. */
  awaitsConfirmation: boolean;
  /** A withdrawal was recorded for it. */
  withdrawn: boolean;
}

export interface StepRule {
  by: readonly OrderActor[];
  status: readonly OrderStatus[];
  fulfilment: readonly FulfilmentStatus[];
  method: readonly PaymentMethod[];
  /** Why the step is refused although the state allows it (a fact of the order), or null. */
  unless?: (order: OrderFacts) => string | null;
  /** The state it leads to (what stays is left out); `amountCents`: what a refund gives back. */
  to: (order: OrderFacts, amountCents?: number) => { status?: OrderStatus; fulfilment?: FulfilmentStatus };
  event: OrderEventType;
  /** The sentence that says which orders may take it, for refusals. */
  only: string;
  /** For some actors, fewer statuses than `status` (with their own sentence). */
  narrower?: Partial<Record<OrderActor, { status: readonly OrderStatus[]; only: string }>>;
}

const OPEN = ['pending', 'placed', 'paid'] as const;
const BOTH = ['card', 'cod'] as const;
const ANY_FULFILMENT = ['unfulfilled', 'shipped', 'delivered', 'returned'] as const;

/** What a paid order still holds, in cents. */
export const refundableCents = (order: Pick<OrderFacts, 'totalCents' | 'refundedCents'>) =>
  Math.max(0, order.totalCents - order.refundedCents);

export const ORDER_TABLE: Readonly<Record<OrderStep, StepRule>> = {
  /**
   * The provider confirms a card payment. Money taken wins over a checkout closed meanwhile
   * (cancelled, expired, failed): the order is paid and the owner warned (payments/service.ts).
   */
  pay: {
    by: ['system'],
    status: ['pending', 'cancelled', 'expired', 'failed'],
    fulfilment: ['unfulfilled'],
    method: ['card'],
    to: () => ({ status: 'paid' }),
    event: 'paid',
    only: 'Only an order waiting for its card payment, or closed before it came, can be paid',
  },
  confirm: {
    by: ['admin'],
    status: ['placed'],
    fulfilment: ['unfulfilled'],
    method: ['cod'],
    unless: (order) => (order.awaitsConfirmation ? null : 'This order does not wait for a confirmation.'),
    to: () => ({}),
    event: 'confirmed',
    only: 'Only a cash-on-delivery order that has not left can be confirmed',
  },
  ship: {
    by: ['admin'],
    status: ['paid', 'placed'],
    fulfilment: ['unfulfilled'],
    method: BOTH,
    unless: (order) => (order.awaitsConfirmation ? 'Confirm this order first: it waits for your confirmation.' : null),
    to: () => ({ fulfilment: 'shipped' }),
    event: 'shipped',
    only: 'Only a paid or cash-on-delivery order that has not left can be shipped',
  },
  /**
   * Delivered: a cash-on-delivery order is then paid (the courier collected the cash). An order
   * refunded on its way is delivered all the same.
   */
  deliver: {
    by: ['admin', 'system'],
    status: ['paid', 'placed', 'refunded'],
    fulfilment: ['shipped'],
    method: BOTH,
    to: (order) => ({ fulfilment: 'delivered', ...(order.status === 'placed' ? { status: 'paid' as const } : {}) }),
    event: 'delivered',
    only: 'Only a shipped order can be delivered',
  },
  /**
   * The admin cancels any open order that has not left (a paid one is refunded in full); the
   * shopper drops only their checkout waiting for payment.
   */
  cancel: {
    by: ['admin', 'shopper'],
    status: OPEN,
    fulfilment: ['unfulfilled'],
    method: BOTH,
    to: (order) => ({ status: order.status === 'paid' ? 'refunded' : 'cancelled' }),
    event: 'cancelled',
    only: 'Only an order that is open, placed or paid and has not left can be cancelled',
    narrower: { shopper: { status: ['pending'], only: 'Only an order waiting for payment can be cancelled' } },
  },
  /** Money back through the provider: card payments only (cash is handed back outside the shop). */
  refund: {
    by: ['admin'],
    status: ['paid'],
    fulfilment: ANY_FULFILMENT,
    method: ['card'],
    unless: (order) => (refundableCents(order) > 0 ? null : 'Nothing of this order is left to refund.'),
    // All that is left given back: the order is refunded.
    to: (order, amountCents = refundableCents(order)) =>
      amountCents >= refundableCents(order) ? { status: 'refunded' } : {},
    event: 'refunded',
    only: 'Only an order paid by card can be refunded',
  },
  return: {
    by: ['admin'],
    status: ['paid', 'placed', 'refunded'],
    fulfilment: ['shipped', 'delivered'],
    method: BOTH,
    to: () => ({ fulfilment: 'returned' }),
    event: 'returned',
    only: 'Only a shipped or delivered order can come back',
  },
  /** The withdrawal function (docs/decisions/0024); its period is checked beside the table. */
  withdraw: {
    by: ['shopper'],
    status: ['paid', 'placed'],
    fulfilment: ['unfulfilled', 'shipped', 'delivered'],
    method: BOTH,
    unless: (order) => (order.withdrawn ? 'You have already withdrawn from this order.' : null),
    to: () => ({}),
    event: 'withdrawal',
    only: 'Only a paid or placed order that has not come back can be withdrawn from',
  },
  expire: {
    by: ['system'],
    status: ['pending'],
    fulfilment: ['unfulfilled'],
    method: ['card'],
    to: () => ({ status: 'expired' }),
    event: 'expired',
    only: 'Only an order waiting for payment can expire',
  },
  fail: {
    by: ['system'],
    status: ['pending'],
    fulfilment: ['unfulfilled'],
    method: ['card'],
    to: () => ({ status: 'failed' }),
    event: 'failed',
    only: 'Only an order waiting for payment can fail',
  },
};

/** Why `actor` may not take `step` on `order`, or null when the table allows it. */
export function stepRefusal(step: OrderStep, order: OrderFacts, actor: OrderActor): string | null {
  const rule = ORDER_TABLE[step];
  if (!rule.by.includes(actor)) return `This step is not yours to take.`;
  const narrower = rule.narrower?.[actor];
  if (narrower && !narrower.status.includes(order.status)) return `${narrower.only}: it is ${order.status}.`;
  if (
    !rule.status.includes(order.status) ||
    !rule.fulfilment.includes(order.fulfilment) ||
    !rule.method.includes(order.paymentMethod)
  ) {
    return `${rule.only}: it is ${order.status} and ${order.fulfilment}.`;
  }
  return rule.unless?.(order) ?? null;
}

/** The state `step` leads to from `order` (the table's `to`), with the event it records. */
export function stepResult(step: OrderStep, order: OrderFacts, amountCents?: number) {
  const rule = ORDER_TABLE[step];
  return { status: order.status, fulfilment: order.fulfilment, ...rule.to(order, amountCents), event: rule.event };
}

/** The steps `actor` may take on `order` now, in the table's order: the buttons a screen shows. */
export const allowedSteps = (order: OrderFacts, actor: OrderActor): OrderStep[] =>
  ORDER_STEPS.filter((step) => stepRefusal(step, order, actor) === null);

/** What the table reads of an order as the API answers it (the screens' buttons). */
export const orderFacts = (
  order: Pick<
    Order,
    | 'status'
    | 'fulfilment'
    | 'paymentMethod'
    | 'total'
    | 'refunded'
    | 'confirmationRequired'
    | 'confirmedAt'
    | 'withdrawal'
  >,
): OrderFacts => ({
  status: order.status,
  fulfilment: order.fulfilment,
  paymentMethod: order.paymentMethod,
  totalCents: toCents(order.total),
  refundedCents: toCents(order.refunded),
  awaitsConfirmation: order.confirmationRequired && order.confirmedAt === null,
  withdrawn: order.withdrawal !== null,
});
