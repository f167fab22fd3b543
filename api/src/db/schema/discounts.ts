import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS } from '@shop/contract';
import { createdAt, instant, updatedAt } from './columns.js';

/**
 * Discount codes (TRADE.md section 4; issue 30). Their uses are the orders that carry them and
 * were not cancelled, expired or failed: counted, never kept as a counter that could drift, and
 * given back by the order's own status change.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** As the admin wrote it; unique ignoring case. */
    code: varchar('code', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 16, enum: DISCOUNT_KINDS }).notNull(),
    /** The percentage, or the amount in cents; 0 for free delivery. */
    value: integer('value').notNull().default(0),
    minSubtotalCents: integer('min_subtotal_cents'),
    startsAt: instant('starts_at'),
    endsAt: instant('ends_at'),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer').notNull().default(1),
    includeSaleItems: boolean('include_sale_items').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(sql`lower(${t.code})`),
    check('discount_codes_value_range', sql`${t.value} >= 0`),
  ],
);
