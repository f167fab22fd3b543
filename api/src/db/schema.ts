import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    profilePicture: text('profile_picture'),
    locale: varchar('locale', { length: 2, enum: ['en', 'bg'] })
      .notNull()
      .default('en'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    // The sessions in use, latest first: what a starting process reads into its session cache.
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  slug: varchar('slug', { length: 40 }).notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    priceCents: integer('price_cents').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_category_id_idx').on(t.categoryId),
    check('products_price_positive', sql`${t.priceCents} > 0`),
  ],
);

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 2, enum: ['en', 'bg'] }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.productId, t.language] })],
);

export const productColors = pgTable(
  'product_colors',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorName: varchar('color_name', { length: 60 }).notNull(),
    imageUrl: text('image_url').notNull().default(''),
    hoverImage: text('hover_image').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_colors_product_id_idx').on(t.productId)],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: varchar('size', { length: 3, enum: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] }).notNull(),
  },
  (t) => [uniqueIndex('product_sizes_product_size_key').on(t.productId, t.size)],
);

export const cartItems = pgTable(
  'cart_items',
  {
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

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    // Orders outlive their shopper's account for the books; the link is cleared on deletion.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 12, enum: ['pending', 'paid', 'cancelled', 'expired', 'failed'] })
      .notNull()
      .default('pending'),
    currency: varchar('currency', { length: 3 }).notNull(),
    totalCents: integer('total_cents').notNull(),
    locale: varchar('locale', { length: 2, enum: ['en', 'bg'] })
      .notNull()
      .default('en'),
    paymentProvider: varchar('payment_provider', { length: 16 }).notNull(),
    paymentSessionId: varchar('payment_session_id', { length: 200 }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_payment_session_id_key').on(t.paymentSessionId),
    index('orders_user_id_idx').on(t.userId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Snapshots: the product may be edited or deleted later, the order keeps what was bought.
    productId: integer('product_id').notNull(),
    colorId: integer('color_id'),
    name: varchar('name', { length: 120 }).notNull(),
    colorName: varchar('color_name', { length: 60 }).notNull(),
    size: varchar('size', { length: 3 }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    imageUrl: text('image_url').notNull().default(''),
  },
  (t) => [index('order_items_order_id_idx').on(t.orderId)],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 200 }).notNull(),
    type: varchar('type', { length: 80 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_event_id_key').on(t.provider, t.eventId)],
);

export const files = pgTable(
  'files',
  {
    /** sha256 (hex) of the stored bytes: content-addressed, so URLs can be cached forever. */
    id: varchar('id', { length: 64 }).primaryKey(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** For a resized variant: the id of the full-size file it was made from. */
    sourceId: varchar('source_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('files_source_id_idx').on(t.sourceId, t.width)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 60 }).notNull(),
    target: varchar('target', { length: 120 }).notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_actor_id_idx').on(t.actorId), index('audit_log_created_at_idx').on(t.createdAt)],
);

/** Who uploaded which file: a profile may only be given a picture its user uploaded. */
export const userUploads = pgTable(
  'user_uploads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: varchar('file_id', { length: 64 })
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fileId] })],
);
