import { integer, serial, varchar } from 'drizzle-orm/pg-core';
import { productColors, products } from './catalogue.js';
import { users } from './identity.js';

/**
 * The columns of a shopper's line for one variant (a cart line, a wishlist line, a stock alert):
 * whose it is and which product, colour and size; each goes when its user, product or colour goes.
 * Not re-exported by the schema's barrel: tables spread it into their own columns.
 */
export const variantLineColumns = () => ({
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  colorId: integer('color_id')
    .notNull()
    .references(() => productColors.id, { onDelete: 'cascade' }),
  size: varchar('size', { length: 3 }).notNull(),
});
