import { index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';
import { orders } from './orders.js';

/**
 * A shopper's withdrawal from the contract of an order (the EU withdrawal function, decision
 * 0024): once per order, acknowledged by mail at once.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    submittedAt: instant('submitted_at').notNull().defaultNow(),
    /** The lines withdrawn from: `[{ orderItemId, quantity }]`. */
    items: jsonb('items').$type<{ orderItemId: number; quantity: number }[]>().notNull(),
    reason: varchar('reason', { length: 1000 }),
    /** Who declared it: the name and email given (the public form) or the account's. */
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    via: varchar('via', { length: 8, enum: ['account', 'public'] }).notNull(),
  },
  (t) => [uniqueIndex('withdrawals_order_key').on(t.orderId)],
);

/**
 * A withdrawal asked for on the public form, waiting for the link mailed to the order's address
 * to be opened: only then is it recorded (in `withdrawals`, timestamped at `submittedAt`).
 */
export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    submittedAt: instant('submitted_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    /** The name given on the form (the mails greet the order's own name). */
    name: varchar('name', { length: 100 }).notNull(),
    reason: varchar('reason', { length: 1000 }),
    confirmedAt: instant('confirmed_at'),
  },
  (t) => [
    uniqueIndex('withdrawal_requests_token_hash_key').on(t.tokenHash),
    index('withdrawal_requests_order_id_idx').on(t.orderId),
  ],
);
