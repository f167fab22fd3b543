import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { REVIEW_FITS, REVIEW_STATUSES } from '@shop/contract';
import { createdAt, instant } from './columns.js';
import { users } from './identity.js';
import { orders } from './orders.js';
import { products } from './catalogue.js';

/**
 * Reviews from buyers (TRADE.md section 5; issue 31): one per shopper and product (the unique index
 * holds it under a double click), written by a shopper with a delivered order of the product, shown
 * once an admin published it. Title and body are plain text, kept as typed.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // A deleted account takes its reviews with it: they carry the reviewer's name.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivered order that made them a buyer (kept for the books: null once the order is gone). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    fit: varchar('fit', { length: 5, enum: REVIEW_FITS }),
    title: varchar('title', { length: 120 }).notNull(),
    body: text('body').notNull(),
    /** What they bought, as the order line kept it: the size and the colour in both languages. */
    size: varchar('size', { length: 3 }).notNull(),
    colorName: varchar('color_name', { length: 60 }).notNull(),
    colorNameBg: varchar('color_name_bg', { length: 60 }).notNull().default(''),
    status: varchar('status', { length: 10, enum: REVIEW_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    moderatedAt: instant('moderated_at'),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('product_reviews_product_user_key').on(t.productId, t.userId),
    // The product page's list (published, newest first) and the admin's (by status, newest first).
    index('product_reviews_product_status_idx').on(t.productId, t.status, t.createdAt, t.id),
    index('product_reviews_status_idx').on(t.status, t.createdAt, t.id),
    check('product_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
