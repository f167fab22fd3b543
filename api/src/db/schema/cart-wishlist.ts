import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { variantLineColumns } from './variant-line.js';

/** What shoppers keep before checkout: the cart and the wishlist, by colour and size. */

export const cartItems = pgTable(
  'cart_items',
  {
    ...variantLineColumns(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_line_key').on(t.userId, t.productId, t.colorId, t.size),
    index('cart_items_product_id_idx').on(t.productId),
    index('cart_items_color_id_idx').on(t.colorId),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    ...variantLineColumns(),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wishlist_items_line_key').on(t.userId, t.productId, t.colorId, t.size),
    index('wishlist_items_product_id_idx').on(t.productId),
    index('wishlist_items_color_id_idx').on(t.colorId),
    check('wishlist_items_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);
