import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bytea, createdAt, instant } from './columns.js';
import { users } from './identity.js';
import { orderItems, orders } from './orders.js';

/**
 * The register of complaints (рекламации; Consumer Protection Act, Art. 127; decision 0059): one
 * row per complaint about a delivered line, numbered gaplessly (the documents' numbering, series
 * `complaint`), open until the seller decides it.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    /** 10 digits, gapless (documents/numbering.ts). */
    number: varchar('number', { length: 10 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    description: varchar('description', { length: 2000 }).notNull(),
    remedy: varchar('remedy', { length: 16, enum: ['repair', 'replacement', 'price-reduction', 'refund'] }).notNull(),
    /** The photos' URLs (`/files/<id>`; platform/files/collect.ts keeps them). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    dueAt: instant('due_at').notNull(),
    status: varchar('status', { length: 8, enum: ['open', 'decided'] })
      .notNull()
      .default('open'),
    outcome: varchar('outcome', {
      length: 16,
      enum: ['repair', 'replacement', 'price-reduction', 'refund', 'rejected'],
    }),
    note: varchar('note', { length: 2000 }),
    /** The money given back, in cents (a refund or a price reduction). */
    amountCents: integer('amount_cents'),
    /** The order core's refund that moved it (card orders). */
    refundId: integer('refund_id'),
    decidedAt: instant('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    repairedAt: instant('repaired_at'),
    /** The replacement's order (total 0), once the orders module made it. */
    replacementOrderId: integer('replacement_order_id'),
  },
  (t) => [
    uniqueIndex('complaints_number_key').on(t.number),
    index('complaints_order_id_idx').on(t.orderId),
    index('complaints_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'open'`),
    check('complaints_amount_positive', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
  ],
);

/**
 * A line's guarantee extended by a completed repair (Directive (EU) 2024/1799): once per line,
 * whatever number of repairs (the primary key says so).
 */
export const guaranteeExtensions = pgTable('guarantee_extensions', {
  orderItemId: integer('order_item_id')
    .primaryKey()
    .references(() => orderItems.id, { onDelete: 'cascade' }),
  complaintId: integer('complaint_id')
    .notNull()
    .references(() => complaints.id, { onDelete: 'cascade' }),
  months: integer('months').notNull(),
  createdAt: createdAt(),
});

/**
 * A complaint's acknowledgement as kept (decision 0064): the PDF the shopper was mailed, made once
 * (complaints/acknowledgement.ts) and served again through the documents' signed link (kind
 * `complaint`), so the shopper and the owner can download it later exactly as it was sent.
 */
export const complaintAcknowledgements = pgTable(
  'complaint_acknowledgements',
  {
    complaintId: integer('complaint_id')
      .primaryKey()
      .references(() => complaints.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The complaint's number (the file is `complaint-<number>.pdf`). */
    number: varchar('number', { length: 10 }).notNull(),
    issuedAt: instant('issued_at').notNull().defaultNow(),
    pdf: bytea('pdf').notNull(),
  },
  (t) => [index('complaint_acknowledgements_order_id_idx').on(t.orderId)],
);
