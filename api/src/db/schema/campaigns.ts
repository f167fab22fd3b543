import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { AUDIENCE_KINDS, CAMPAIGN_STATUSES, type Localized } from '@shop/contract';
import { createdAt, instant, updatedAt } from './columns.js';
import { users } from './identity.js';

/**
 * The owner's campaigns to the list (YEAR.md section 4, decision 0057): written in both
 * languages, sent once to each subscriber of their audience through the outbox.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    subject: jsonb('subject').$type<Localized>().notNull(),
    text: jsonb('text').$type<Localized>().notNull(),
    /** Featured products' ids, in the order shown (up to 8). */
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    audienceKind: varchar('audience_kind', { length: 16, enum: AUDIENCE_KINDS }).notNull().default('all'),
    /** The language, the category's id or the size the audience is chosen by (null for all). */
    audienceValue: varchar('audience_value', { length: 40 }),
    status: varchar('status', { length: 16, enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    /** When a scheduled campaign is due. */
    scheduledAt: instant('scheduled_at'),
    /** When its mails were queued (one per subscriber of the audience at that moment). */
    queuedAt: instant('queued_at'),
    /** How many mails were queued. */
    queued: integer('queued'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_created_idx').on(t.createdAt)],
);

/**
 * What became of a campaign's mail to one subscriber: written by its effect right before sending
 * (`sending`), so that a mail is never sent twice, even by a worker that died halfway.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').notNull(),
    /** sending, sent, skipped (no consent now), failed (bounced, or every attempt failed), retry (a failure to try again). */
    state: varchar('state', { length: 10, enum: ['sending', 'sent', 'skipped', 'failed', 'retry'] }).notNull(),
    at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.subscriberId] }),
    check('campaign_recipients_state', sql`${t.state} in ('sending', 'sent', 'skipped', 'failed', 'retry')`),
  ],
);
