import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { productColors, products } from './catalogue.js';
import { variantLineColumns } from './variant-line.js';

/**
 * Stock of a tracked product per colour and size (docs/decisions/0021). `reserved` is held by
 * pending checkouts; what shoppers may still buy is `on_hand - reserved` (never below 0). A
 * variant without a row has none.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => productColors.id, { onDelete: 'cascade' }),
    size: varchar('size', { length: 3 }).notNull(),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.colorId, t.size] }),
    index('product_stock_product_id_idx').on(t.productId),
    check('product_stock_on_hand_range', sql`${t.onHand} >= 0`),
    check('product_stock_reserved_range', sql`${t.reserved} >= 0`),
  ],
);

/** Shoppers waiting for a sold-out variant: mailed once when it is back, then gone. */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    ...variantLineColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_alerts_user_variant_key').on(t.userId, t.colorId, t.size),
    index('stock_alerts_variant_idx').on(t.colorId, t.size),
    index('stock_alerts_product_id_idx').on(t.productId),
  ],
);
