import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.js';

/**
 * What must happen after a change commits (a mail, a provider's refund, a session to close): written
 * in the change's own transaction, run after it by the outbox's workers (platform/outbox), at least
 * once, once per `key` (docs/decisions/0032).
 */
export const effects = pgTable(
  'effects',
  {
    id: serial('id').primaryKey(),
    /** Which subscriber runs it (the outbox's handlers, by name). */
    kind: varchar('kind', { length: 40 }).notNull(),
    /** Idempotency key: the same effect asked twice is written once, and providers are given it. */
    key: varchar('key', { length: 200 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The order it concerns, if any (the admin's list names it). */
    orderId: integer('order_id'),
    /** The key of the effect it waits for: it runs only once that one is done (a refund's mail waits for the refund). */
    afterKey: varchar('after_key', { length: 200 }),
    attempts: smallint('attempts').notNull().default(0),
    /** Not before: now, or later after a failure (backoff). */
    runAfter: instant('run_after').notNull().defaultNow(),
    /** A worker has it until then; past it (the worker died), another takes it. */
    lockedUntil: instant('locked_until'),
    doneAt: instant('done_at'),
    /** It failed every attempt: it waits for the admin's retry. */
    failedAt: instant('failed_at'),
    lastError: varchar('last_error', { length: 1000 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('effects_key_key').on(t.key),
    // What the workers look for: effects neither done nor given up, by when they are due.
    index('effects_due_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    // What waits for an effect (the admin's list says it).
    index('effects_after_idx')
      .on(t.afterKey)
      .where(sql`${t.afterKey} is not null and ${t.doneAt} is null`),
    index('effects_failed_idx')
      .on(t.failedAt)
      .where(sql`${t.failedAt} is not null and ${t.doneAt} is null`),
  ],
);
