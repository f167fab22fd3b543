import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { type SavedDelivery } from '@shop/contract';
import { createdAt, instant, updatedAt } from './columns.js';

/** Accounts and how they prove who they are: sessions, known browsers, email codes, password resets. */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 16, enum: ['USER', 'ADMIN', 'ROOT_ADMIN'] })
      .notNull()
      .default('USER'),
    address: varchar('address', { length: 300 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    /** The delivery details the shopper chose to keep at checkout, to prefill the next one. */
    delivery: jsonb('delivery').$type<SavedDelivery>(),
    profilePicture: text('profile_picture'),
    locale: varchar('locale', { length: 2, enum: ['en', 'bg'] })
      .notNull()
      .default('en'),
    emailVerifiedAt: instant('email_verified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Exactly one root admin: a partial unique index over a constant.
    uniqueIndex('users_one_root_admin')
      .on(t.role)
      .where(sql`${t.role} = 'ROOT_ADMIN'`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    // The sessions in use, latest first: what a starting process reads into its session cache.
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Browsers that have signed in to an account (an HttpOnly cookie holds the token). A known
 * browser is spared the account-wide slow-down of failed logins, so an attacker guessing from
 * many addresses cannot lock the owner out (docs/decisions/0018).
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_devices_token_hash_key').on(t.tokenHash), index('login_devices_user_id_idx').on(t.userId)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 16, enum: ['verify'] })
      .notNull()
      .default('verify'),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_id_idx').on(t.userId, t.purpose)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);
