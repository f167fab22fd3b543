import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  FULFILMENT_STATUSES,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type SavedDelivery,
} from '@shop/contract';
import { createdAt, instant } from './columns.js';
import { discountCodes } from './discounts.js';
import { users } from './identity.js';

/** Orders, their lines and history, the money given back, and the payment provider's events seen. */

/** Delivery details as orders keep them (the contract's SavedDelivery). */
export type OrderDelivery = SavedDelivery;

/** A line a refund gives back: which order line, how many units, and what they cost (their share of the line's value). */
export interface RefundLine {
  orderItemId: number;
  quantity: number;
  amountCents: number;
}
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    // Orders outlive their shopper's account for the books; the link is cleared on deletion.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The shopper's email when they ordered: the public withdrawal form matches it after the account is gone. */
    email: varchar('email', { length: 254 }),
    status: varchar('status', { length: 12, enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentMethod: varchar('payment_method', { length: 8, enum: PAYMENT_METHODS }).notNull().default('card'),
    fulfilment: varchar('fulfilment', { length: 12, enum: FULFILMENT_STATUSES }).notNull().default('unfulfilled'),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The lines at the prices of the day. */
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    /** The code's discount on the goods (the sum of the lines' shares); 0 without a code. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The code used, as the admin wrote it (kept when the code is deleted), and which it was. */
    discountCode: varchar('discount_code', { length: 32 }),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    deliveryCents: integer('delivery_cents').notNull().default(0),
    codFeeCents: integer('cod_fee_cents').notNull().default(0),
    /** subtotal − discount + delivery + cash-on-delivery fee: what the shopper pays. */
    totalCents: integer('total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** What gift cards and store credit paid of the total (YEAR.md section 3): the amount due is the rest. */
    prepaidCents: integer('prepaid_cents').notNull().default(0),
    /** Where it goes: a snapshot of the checkout's delivery details (null for orders older than them). */
    delivery: jsonb('delivery').$type<OrderDelivery>(),
    trackingCarrier: varchar('tracking_carrier', { length: 60 }),
    trackingNumber: varchar('tracking_number', { length: 100 }),
    trackingUrl: varchar('tracking_url', { length: 500 }),
    locale: varchar('locale', { length: 2, enum: ['en', 'bg'] })
      .notNull()
      .default('en'),
    paymentProvider: varchar('payment_provider', { length: 16 }).notNull(),
    paymentSessionId: varchar('payment_session_id', { length: 200 }),
    /** Where the shopper pays a pending card order (the provider's hosted page): "Continue payment". */
    paymentUrl: varchar('payment_url', { length: 1000 }),
    /** The provider's reference of the payment itself (Stripe: its PaymentIntent), for refunds. */
    paymentReference: varchar('payment_reference', { length: 200 }),
    createdAt: createdAt(),
    paidAt: instant('paid_at'),
    shippedAt: instant('shipped_at'),
    deliveredAt: instant('delivered_at'),
    /** When a pending checkout lapses (the provider's session closes at the same moment). */
    expiresAt: instant('expires_at'),
    /**
     * What shoppers see and type for their order (mails, their pages, the public withdrawal form):
     * random, so that one order's number tells nothing of another's. The id stays internal.
     */
    reference: varchar('reference', { length: 16 })
      .notNull()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))`),
    /** A cash-on-delivery order from a new account that the owner must confirm before it ships (a setting). */
    confirmationRequired: boolean('confirmation_required').notNull().default(false),
    confirmedAt: instant('confirmed_at'),
    /** An exchange order (total 0, no sale document: YEAR.md section 2): the order whose return it exchanges. */
    exchangeOf: integer('exchange_of').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('orders_payment_session_id_key').on(t.paymentSessionId),
    uniqueIndex('orders_reference_key').on(t.reference),
    index('orders_user_id_idx').on(t.userId),
    // One open checkout per shopper: a second one for the same cart cannot exist, whatever races.
    uniqueIndex('orders_one_pending_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    // The admin list's filters, each in its newest-first order (status, fulfilment, or both).
    index('orders_created_at_idx').on(t.createdAt, t.id),
    index('orders_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('orders_fulfilment_created_at_idx').on(t.fulfilment, t.createdAt, t.id),
    index('orders_status_fulfilment_created_at_idx').on(t.status, t.fulfilment, t.createdAt, t.id),
    index('orders_discount_code_id_idx')
      .on(t.discountCodeId, t.userId)
      .where(sql`${t.discountCodeId} is not null`),
    check('orders_money_range', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`),
    // What the sweeper looks for: the pending checkouts that have lapsed.
    index('orders_pending_expires_at_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // An order's exchange orders (its page links them: YEAR.md section 2).
    index('orders_exchange_of_idx')
      .on(t.exchangeOf)
      .where(sql`${t.exchangeOf} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Snapshots: the product may be edited or deleted later, the order keeps what was bought.
    productId: integer('product_id').notNull(),
    colorId: integer('color_id'),
    /** The product's English name at checkout; `nameBg` its Bulgarian one ('' when it had none). */
    name: varchar('name', { length: 120 }).notNull(),
    nameBg: varchar('name_bg', { length: 120 }).notNull().default(''),
    colorName: varchar('color_name', { length: 60 }).notNull(),
    colorNameBg: varchar('color_name_bg', { length: 60 }).notNull().default(''),
    size: varchar('size', { length: 3 }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The line's share of the order's discount: it cost unit price × quantity − this. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** Bought on sale: the sale's prior price (the 30-day lowest) when it announced a reduction, else null. */
    priorPriceCents: integer('prior_price_cents'),
    /** Units of tracked stock the line holds: reserved while the order is pending, sold once paid. */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    imageUrl: text('image_url').notNull().default(''),
    /** Units of the line refunded by lines so far (a refund naming lines adds to it; never above `quantity`). */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [index('order_items_order_id_idx').on(t.orderId)],
);

/** An order's history, oldest first: shown to the shopper as a timeline, to the owner with who did it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20, enum: ORDER_EVENT_TYPES }).notNull(),
    at: instant('at').notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').notNull().default({}),
  },
  (t) => [index('order_events_order_id_idx').on(t.orderId, t.id)],
);

/** Money given back, once per idempotency key: a refund clicked twice is made once. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The lines it gives back, each with its share of the amount (decision 0060); null: an amount only. */
    lines: jsonb('lines').$type<RefundLine[]>(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    /** The provider's id of the refund, once it has made it (the outbox asks it after commit). */
    providerRefundId: varchar('provider_refund_id', { length: 200 }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_order_key').on(t.orderId, t.idempotencyKey),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 200 }).notNull(),
    type: varchar('type', { length: 80 }).notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_event_id_key').on(t.provider, t.eventId)],
);
