import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { NEWSLETTER_SOURCES } from '@shop/contract';
import { createdAt, instant } from './columns.js';

/**
 * The brand's own list (YEAR.md section 4, decision 0057): one row per address, pending until its
 * mailed link is opened (double opt-in), then subscribed until it leaves.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    lang: varchar('lang', { length: 2, enum: ['en', 'bg'] }).notNull(),
    status: varchar('status', { length: 16, enum: ['pending', 'subscribed', 'left'] }).notNull(),
    /** Where the last request came from (each consent row keeps its own). */
    source: varchar('source', { length: 16, enum: NEWSLETTER_SOURCES }).notNull(),
    /** The mailed link's token (SHA-256) while it waits; null once used. */
    confirmTokenHash: varchar('confirm_token_hash', { length: 64 }),
    confirmExpiresAt: instant('confirm_expires_at'),
    /** In every marketing mail's unsubscribe links: leaves in one click, whoever holds the mail. */
    unsubscribeToken: varchar('unsubscribe_token', { length: 64 }).notNull(),
    createdAt: createdAt(),
    confirmedAt: instant('confirmed_at'),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    uniqueIndex('newsletter_subscribers_unsubscribe_key').on(t.unsubscribeToken),
    uniqueIndex('newsletter_subscribers_confirm_key').on(t.confirmTokenHash),
    index('newsletter_subscribers_status_idx').on(t.status, t.id),
    check('newsletter_subscribers_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Each consent and its withdrawal as it happened (GDPR article 7(1): demonstrable): when, from
 * where, in which language and under which version of the wording. Part of the data export; goes
 * with the address when the account is deleted.
 */
export const newsletterConsents = pgTable(
  'newsletter_consents',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    /** asked (a link mailed), confirmed (the link opened), given (a verified account's switch), withdrawn. */
    action: varchar('action', { length: 16, enum: ['asked', 'confirmed', 'given', 'withdrawn'] }).notNull(),
    source: varchar('source', { length: 16, enum: [...NEWSLETTER_SOURCES, 'unsubscribe'] }).notNull(),
    lang: varchar('lang', { length: 2, enum: ['en', 'bg'] }).notNull(),
    wordingVersion: varchar('wording_version', { length: 32 }).notNull(),
    at: createdAt(),
  },
  (t) => [index('newsletter_consents_subscriber_idx').on(t.subscriberId, t.id)],
);

/**
 * The one suppression list every marketing sender reads: addresses that left or bounced get no
 * campaign and no cart reminder, whatever else says so. Transactional mail ignores it.
 */
export const mailSuppressions = pgTable('mail_suppressions', {
  email: varchar('email', { length: 254 }).primaryKey(),
  reason: varchar('reason', { length: 16, enum: ['left', 'bounced'] }).notNull(),
  at: createdAt(),
});
