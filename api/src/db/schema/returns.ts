import { sql } from 'drizzle-orm';
import {
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
import type { Courier, ReturnOutcome, ReturnReason, ReturnStatus } from '@shop/contract';
import { createdAt, instant, updatedAt } from './columns.js';
import { orderItems, orders } from './orders.js';
import { productColors, products } from './catalogue.js';
import { users } from './identity.js';
import { withdrawals } from './withdrawals.js';
import { courierOffices } from './couriers.js';

/**
 * A shopper's return or size exchange (YEAR.md section 2, docs/decisions/0056): lines of a
 * delivered order sent back for a refund, another size or colour, or store credit. Money in cents.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    /** The order's reference and the return's number in it: `3F9A…-R1`. */
    reference: varchar('reference', { length: 20 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 12 }).$type<ReturnStatus>().notNull().default('requested'),
    outcome: varchar('outcome', { length: 12 }).$type<ReturnOutcome>().notNull(),
    note: text('note'),
    /** What the shopper gets back (money or credit, the bonus included, the label cost deducted). */
    refundCents: integer('refund_cents').notNull(),
    labelCostCents: integer('label_cost_cents').notNull().default(0),
    /** The return label once made (couriers/return-label.ts): the courier, its number, what prints it again. */
    label: jsonb('label').$type<{
      courier: Courier;
      trackingNumber: string;
      trackingUrl: string | null;
      stored: Record<string, unknown>;
    }>(),
    /** Where the shopper hands the parcel in (their choice from the courier's list), or null: anywhere. */
    dropOffOfficeId: integer('drop_off_office_id').references(() => courierOffices.id, { onDelete: 'set null' }),
    rejectReason: text('reject_reason'),
    /** The withdrawal this return also is (made within the withdrawal period). */
    withdrawalId: integer('withdrawal_id').references(() => withdrawals.id, { onDelete: 'set null' }),
    /** The exchange order (total 0) made when the return was received. */
    exchangeOrderId: integer('exchange_order_id').references(() => orders.id, { onDelete: 'set null' }),
    decidedAt: instant('decided_at'),
    receivedAt: instant('received_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('returns_reference_key').on(t.reference),
    index('returns_order_id_idx').on(t.orderId),
    index('returns_status_idx').on(t.status, t.createdAt),
    check('returns_money', sql`${t.refundCents} >= 0 and ${t.labelCostCents} >= 0`),
  ],
);

/** A line of a return: how many units of an order line, why, and what the shopper takes instead. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    reason: varchar('reason', { length: 16 }).$type<ReturnReason>().notNull(),
    /** An exchange's colour and size of the same product; their units are held in stock (`held`). */
    exchangeColorId: integer('exchange_color_id').references(() => productColors.id, { onDelete: 'set null' }),
    exchangeSize: varchar('exchange_size', { length: 3 }),
    /** Units of the exchange variant reserved in product_stock (0 for an untracked product). */
    held: integer('held').notNull().default(0),
    sealIntact: boolean('seal_intact'),
    /** What came back, by condition (set when received). */
    resell: integer('resell').notNull().default(0),
    damaged: integer('damaged').notNull().default(0),
  },
  (t) => [
    index('return_lines_return_id_idx').on(t.returnId),
    index('return_lines_order_item_id_idx').on(t.orderItemId),
    index('return_lines_product_id_idx').on(t.productId),
    check(
      'return_lines_quantity',
      sql`${t.quantity} >= 1 and ${t.held} >= 0 and ${t.resell} >= 0 and ${t.damaged} >= 0`,
    ),
  ],
);
