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
  'collect',
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

/** Why a step is refused: 409 with this code and message (INVALID_TRANSITION unless a rule names another). */
export interface StepRefusal {
  code: 'INVALID_TRANSITION' | 'ALREADY_WITHDRAWN';
  message: string;
}

export interface StepRule {
  by: readonly OrderActor[];
  status: readonly OrderStatus[];
  fulfilment: readonly FulfilmentStatus[];
  method: readonly PaymentMethod[];
  /** Why the step is refused although the state allows it (a fact of the order), or null. */
  unless?: (order: OrderFacts) => string | StepRefusal | null;
  /** The state it leads to (what stays is left out); `amountCents`: what a refund gives back. */
  to: (order: OrderFacts, amountCents?: number) => { status?: OrderStatus; fulfilment?: FulfilmentStatus };
  event: OrderEventType;
  /**
   * Steps the shop takes as part of this one (delivering collects the cash of a cash-on-delivery
   * order; cancelling a paid order refunds it): each one the table allows the shop (`system`) on
   * the order as it was, in this order, its state and event after the step's own.
   */
  then?: readonly OrderStep[];
  /** The API route (POST, `:id` the order's) by which each actor takes it, where one does. */
  route?: Partial<Record<'admin' | 'shopper', string>>;
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

export const ORDER_TABLE = {
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
    route: { admin: '/admin/orders/:id/confirm' },
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
    route: { admin: '/admin/orders/:id/ship' },
    only: 'Only a paid or cash-on-delivery order that has not left can be shipped',
  },
  /**
   * Delivered (by the owner, or the courier's tracking): a cash-on-delivery order's cash is then
   * collected. An order refunded on its way is delivered all the same.
   */
  deliver: {
    by: ['admin', 'system'],
    status: ['paid', 'placed', 'refunded'],
    fulfilment: ['shipped'],
    method: BOTH,
    to: () => ({ fulfilment: 'delivered' }),
    event: 'delivered',
    then: ['collect'],
    route: { admin: '/admin/orders/:id/deliver' },
    only: 'Only a shipped order can be delivered',
  },
  /** The courier collected a cash-on-delivery order's cash at its door: paid (a step of `deliver`). */
  collect: {
    by: ['system'],
    status: ['placed'],
    fulfilment: ['shipped'],
    method: ['cod'],
    to: () => ({ status: 'paid' }),
    event: 'paid',
    only: 'Only a cash-on-delivery order on its way can have its cash collected',
  },
  /**
   * The admin cancels any open order that has not left (a paid one is then refunded in full); the
   * shopper drops only their checkout waiting for payment.
   */
  cancel: {
    by: ['admin', 'shopper'],
    status: OPEN,
    fulfilment: ['unfulfilled'],
    method: BOTH,
    to: () => ({ status: 'cancelled' }),
    event: 'cancelled',
    then: ['refund'],
    route: { admin: '/admin/orders/:id/cancel', shopper: '/orders/:id/cancel' },
    only: 'Only an order that is open, placed or paid and has not left can be cancelled',
    narrower: { shopper: { status: ['pending'], only: 'Only an order waiting for payment can be cancelled' } },
  },
  /**
   * Money back through the provider: card payments only (cash is handed back outside the shop).
   * The shop refunds all that is left when it cancels a paid order (`cancel`'s `then`).
   */
  refund: {
    by: ['admin', 'system'],
    status: ['paid'],
    fulfilment: ANY_FULFILMENT,
    method: ['card'],
    unless: (order) => (refundableCents(order) > 0 ? null : 'Nothing of this order is left to refund.'),
    // All that is left given back: the order is refunded.
    to: (order, amountCents = refundableCents(order)) =>
      amountCents >= refundableCents(order) ? { status: 'refunded' } : {},
    event: 'refunded',
    route: { admin: '/admin/orders/:id/refund' },
    only: 'Only an order paid by card can be refunded',
  },
  return: {
    by: ['admin'],
    status: ['paid', 'placed', 'refunded'],
    fulfilment: ['shipped', 'delivered'],
    method: BOTH,
    to: () => ({ fulfilment: 'returned' }),
    event: 'returned',
    route: { admin: '/admin/orders/:id/return' },
    only: 'Only a shipped or delivered order can come back',
  },
  /** The withdrawal function (docs/decisions/0024); its period is checked beside the table. */
  withdraw: {
    by: ['shopper'],
    status: ['paid', 'placed'],
    fulfilment: ['unfulfilled', 'shipped', 'delivered'],
    method: BOTH,
    unless: (order) =>
      order.withdrawn ? { code: 'ALREADY_WITHDRAWN', message: 'You have already withdrawn from this order.' } : null,
    to: () => ({}),
    event: 'withdrawal',
    route: { shopper: '/orders/:id/withdrawal' },
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
} as const satisfies Readonly<Record<OrderStep, StepRule>>;

const ruleOf = (step: OrderStep): StepRule => ORDER_TABLE[step];

/** Why `actor` may not take `step` on `order` (409 with its code), or null when the table allows it. */
export function refusalOf(step: OrderStep, order: OrderFacts, actor: OrderActor): StepRefusal | null {
  const rule = ruleOf(step);
  const invalid = (message: string): StepRefusal => ({ code: 'INVALID_TRANSITION', message });
  if (!rule.by.includes(actor)) return invalid(`This step is not yours to take.`);
  const narrower = rule.narrower?.[actor];
  if (narrower && !narrower.status.includes(order.status)) return invalid(`${narrower.only}: it is ${order.status}.`);
  if (
    !rule.status.includes(order.status) ||
    !rule.fulfilment.includes(order.fulfilment) ||
    !rule.method.includes(order.paymentMethod)
  ) {
    return invalid(`${rule.only}: it is ${order.status} and ${order.fulfilment}.`);
  }
  const unless = rule.unless?.(order) ?? null;
  return typeof unless === 'string' ? invalid(unless) : unless;
}

/** Why `actor` may not take `step` on `order`, or null when the table allows it. */
export const stepRefusal = (step: OrderStep, order: OrderFacts, actor: OrderActor): string | null =>
  refusalOf(step, order, actor)?.message ?? null;

/** The steps taking `step` on `order` takes: the step itself, then those of its `then` the table allows the shop. */
export const stepsTaken = (step: OrderStep, order: OrderFacts): OrderStep[] => [
  step,
  ...(ruleOf(step).then ?? []).filter((then) => stepRefusal(then, order, 'system') === null),
];

/**
 * The state `step` leads to from `order` (the table's `to`), with the steps it takes (its own and
 * those of its `then`) and the event each records, in order. `amountCents`: what the step itself
 * refunds (a step's refund refunds all that is left).
 */
export function stepResult(step: OrderStep, order: OrderFacts, amountCents?: number) {
  const taken = stepsTaken(step, order).map((each) => ({ step: each, event: ruleOf(each).event }));
  const next = taken.reduce(
    (state, { step: each }) => ({ ...state, ...ruleOf(each).to(order, each === step ? amountCents : undefined) }),
    { status: order.status, fulfilment: order.fulfilment },
  );
  return { ...next, taken };
}

/** The route `actor` takes `step` by (POST, `:id` the order's), or undefined. */
export const stepRoute = (step: OrderStep, actor: 'admin' | 'shopper'): string | undefined =>
  ruleOf(step).route?.[actor];

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
