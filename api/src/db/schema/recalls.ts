import type { LocalizedText, Recall, RecallVariant } from '@shop/contract';
import { index, integer, jsonb, pgTable, serial } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.js';
import { users } from './identity.js';

/**
 * Product safety recalls (Regulation (EU) 2023/988, Arts. 35–37; decision 0059): the notice as
 * published (the product's name, picture, identifier, brand and the seller's contact are kept as
 * they were, so a later edit of the product does not change a published notice).
 */
export const recalls = pgTable(
  'recalls',
  {
    id: serial('id').primaryKey(),
    /** Not a foreign key: the notice outlives the product (it is kept as published). */
    productId: integer('product_id').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    hazard: jsonb('hazard').$type<LocalizedText>().notNull(),
    remedy: jsonb('remedy').$type<LocalizedText>().notNull(),
    /** The colours and sizes concerned; empty: all of them. */
    variants: jsonb('variants').$type<RecallVariant[]>().notNull().default([]),
    product: jsonb('product').$type<Recall['product']>().notNull(),
    contact: jsonb('contact').$type<Recall['contact']>().notNull(),
    soldFrom: instant('sold_from'),
    soldTo: instant('sold_to'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the owner last edited its texts (decision 0064); null: as published. */
    editedAt: instant('edited_at'),
    /** When the owner closed it: it stays listed, marked closed (decision 0064). */
    closedAt: instant('closed_at'),
  },
  (t) => [index('recalls_product_id_idx').on(t.productId)],
);
