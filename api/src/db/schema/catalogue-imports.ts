import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.js';
import { users } from './identity.js';

/**
 * Catalogue imports (issue 52): each upload's plan (the products it would write, images already
 * stored) and the dry run's answer; once applied, every touched product as it was before and as the
 * import left it, so that the last import can be undone unless a later edit touched one of them.
 */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    format: varchar('format', { length: 16 }).notNull(),
    status: varchar('status', { length: 10, enum: ['dry_run', 'applied', 'undone'] })
      .notNull()
      .default('dry_run'),
    plan: jsonb('plan').notNull(),
    summary: jsonb('summary').notNull(),
    /** `{ productId, created, before, after }[]`, written when applied. */
    touched: jsonb('touched'),
    createdAt: createdAt(),
    appliedAt: instant('applied_at'),
    undoneAt: instant('undone_at'),
  },
  (t) => [index('catalogue_imports_applied_at_idx').on(t.appliedAt)],
);
