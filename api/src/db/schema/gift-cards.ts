import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { GIFT_CARD_STATUSES, LEDGER_ENTRY_KINDS } from '@shop/contract';
import { createdAt, instant } from './columns.js';
import { users } from './identity.js';

/**
 * Gift cards and store credit (YEAR.md section 3; decision 0055). A card's balance, and an
 * account's store credit, is the sum of its ledger entries: nothing keeps a balance that could drift.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    /** 16 Crockford base32 characters, normalized (upper case, no spaces or hyphens): for the recipient's mail and PDF. */
    code: varchar('code', { length: 16 }).notNull(),
    /** SHA-256 of the code (hex): what a look-up compares, so that the time it takes says nothing of the code. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    /** The last four characters: what lists, orders and the owner see. */
    last4: varchar('last4', { length: 4 }).notNull(),
    /** `pending` until its purchase is paid, then `active`; `voided` by the owner. */
    status: varchar('status', { length: 8, enum: GIFT_CARD_STATUSES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Who bought it (null: a gift from the shop, or the account is gone). */
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    recipientName: varchar('recipient_name', { length: 100 }).notNull(),
    recipientEmail: varchar('recipient_email', { length: 254 }).notNull(),
    message: varchar('message', { length: 500 }),
    lang: varchar('lang', { length: 2 }).notNull().default('en'),
    /** When the recipient gets it (null: at once). */
    sendAt: instant('send_at'),
    sentAt: instant('sent_at'),
    /** The purchase's payment session (the provider's page) and when it was paid. */
    paymentProvider: varchar('payment_provider', { length: 16 }),
    paymentSessionId: varchar('payment_session_id', { length: 255 }),
    paidAt: instant('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_hash_key').on(t.codeHash),
    uniqueIndex('gift_cards_payment_session_key').on(t.paymentSessionId),
    check('gift_cards_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The one ledger of gift cards and store credit: each entry belongs to a card or to an account
 * (store credit), never both. Issued and given-back entries are positive; spent, voided and
 * expired ones negative. A checkout's spending is a `spent` entry naming its order (the hold);
 * closing the checkout unpaid writes the `given-back` entry. Entries are never changed or deleted.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id').references(() => giftCards.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12, enum: LEDGER_ENTRY_KINDS }).notNull(),
    cents: integer('cents').notNull(),
    /** The order that spent it, or that it was given back from. */
    orderId: integer('order_id'),
    /** Why (store credit from the owner; a void), and what it came from (`return:12`, `admin:3`). */
    reason: varchar('reason', { length: 300 }),
    ref: varchar('ref', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_card_idx').on(t.cardId),
    index('ledger_entries_user_idx').on(t.userId),
    index('ledger_entries_order_idx').on(t.orderId),
    check('ledger_entries_one_owner', sql`num_nonnulls(${t.cardId}, ${t.userId}) = 1`),
    check(
      'ledger_entries_sign',
      sql`(${t.kind} in ('issued', 'given-back') and ${t.cents} > 0) or (${t.kind} in ('spent', 'voided', 'expired') and ${t.cents} < 0)`,
    ),
  ],
);
