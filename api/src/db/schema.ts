import { sql } from 'drizzle-orm';
import {
  boolean,
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
import {
  FULFILMENT_STATUSES,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type SavedDelivery,
} from '@shop/contract';

/** Delivery details as orders keep them (the contract's SavedDelivery). */
export type OrderDelivery = SavedDelivery;

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
    /** The delivery details the shopper chose to keep at checkout, to prefill the next one. */
    delivery: jsonb('delivery').$type<OrderDelivery>(),
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
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
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
    /** Stock is counted per colour and size (product_stock); untracked means unlimited. */
    stockTracked: boolean('stock_tracked').notNull().default(false),
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
    /** What it is made of, and how to care for it (product information rules): optional. */
    composition: varchar('composition', { length: 500 }).notNull().default(''),
    care: varchar('care', { length: 1000 }).notNull().default(''),
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
    /** The English name: the fallback for a language without its own. */
    colorName: varchar('color_name', { length: 60 }).notNull(),
    /** The Bulgarian name; '' means "use the English one". */
    colorNameBg: varchar('color_name_bg', { length: 60 }).notNull().default(''),
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

/**
 * Stock of a tracked product per colour and size (docs/decisions/0021). `reserved` is held by
 * pending checkouts; what shoppers may still buy is `on_hand - reserved` (never below 0). A
 * variant without a row has none.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => productColors.id, { onDelete: 'cascade' }),
    size: varchar('size', { length: 3 }).notNull(),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.colorId, t.size] }),
    index('product_stock_product_id_idx').on(t.productId),
    check('product_stock_on_hand_range', sql`${t.onHand} >= 0`),
    check('product_stock_reserved_range', sql`${t.reserved} >= 0`),
  ],
);

/** Shoppers waiting for a sold-out variant: mailed once when it is back, then gone. */
export const stockAlerts = pgTable(
  'stock_alerts',
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_alerts_user_variant_key').on(t.userId, t.colorId, t.size),
    index('stock_alerts_variant_idx').on(t.colorId, t.size),
    index('stock_alerts_product_id_idx').on(t.productId),
  ],
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
    /** The shopper's email when they ordered: the public withdrawal form matches it after the account is gone. */
    email: varchar('email', { length: 254 }),
    status: varchar('status', { length: 12, enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentMethod: varchar('payment_method', { length: 8, enum: PAYMENT_METHODS }).notNull().default('card'),
    fulfilment: varchar('fulfilment', { length: 12, enum: FULFILMENT_STATUSES }).notNull().default('unfulfilled'),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The lines at the prices of the day. */
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    deliveryCents: integer('delivery_cents').notNull().default(0),
    codFeeCents: integer('cod_fee_cents').notNull().default(0),
    /** subtotal + delivery + cash-on-delivery fee: what the shopper pays. */
    totalCents: integer('total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Where it goes: a snapshot of the checkout's delivery details (null for orders older than them). */
    delivery: jsonb('delivery').$type<OrderDelivery>(),
    trackingCarrier: varchar('tracking_carrier', { length: 60 }),
    trackingNumber: varchar('tracking_number', { length: 100 }),
    trackingUrl: varchar('tracking_url', { length: 500 }),
    locale: varchar('locale', { length: 2, enum: ['en', 'bg'] })
      .notNull()
      .default('en'),
    paymentProvider: varchar('payment_provider', { length: 16 }).notNull(),
    paymentSessionId: varchar('payment_session_id', { length: 200 }),
    /** Where the shopper pays a pending card order (the provider's hosted page): "Continue payment". */
    paymentUrl: varchar('payment_url', { length: 1000 }),
    /** The provider's reference of the payment itself (Stripe: its PaymentIntent), for refunds. */
    paymentReference: varchar('payment_reference', { length: 200 }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When a pending checkout lapses (the provider's session closes at the same moment). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * What shoppers see and type for their order (mails, their pages, the public withdrawal form):
     * random, so that one order's number tells nothing of another's. The id stays internal.
     */
    reference: varchar('reference', { length: 16 })
      .notNull()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))`),
    /** A cash-on-delivery order from a new account that the owner must confirm before it ships (a setting). */
    confirmationRequired: boolean('confirmation_required').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_payment_session_id_key').on(t.paymentSessionId),
    uniqueIndex('orders_reference_key').on(t.reference),
    index('orders_user_id_idx').on(t.userId),
    // One open checkout per shopper: a second one for the same cart cannot exist, whatever races.
    uniqueIndex('orders_one_pending_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    // The admin list's filters, each in its newest-first order (status, fulfilment, or both).
    index('orders_created_at_idx').on(t.createdAt, t.id),
    index('orders_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('orders_fulfilment_created_at_idx').on(t.fulfilment, t.createdAt, t.id),
    index('orders_status_fulfilment_created_at_idx').on(t.status, t.fulfilment, t.createdAt, t.id),
    check('orders_money_range', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`),
    // What the sweeper looks for: the pending checkouts that have lapsed.
    index('orders_pending_expires_at_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
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
    /** The product's English name at checkout; `nameBg` its Bulgarian one ('' when it had none). */
    name: varchar('name', { length: 120 }).notNull(),
    nameBg: varchar('name_bg', { length: 120 }).notNull().default(''),
    colorName: varchar('color_name', { length: 60 }).notNull(),
    colorNameBg: varchar('color_name_bg', { length: 60 }).notNull().default(''),
    size: varchar('size', { length: 3 }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Units of tracked stock the line holds: reserved while the order is pending, sold once paid. */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    imageUrl: text('image_url').notNull().default(''),
  },
  (t) => [index('order_items_order_id_idx').on(t.orderId)],
);

/** An order's history, oldest first: shown to the shopper as a timeline, to the owner with who did it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20, enum: ORDER_EVENT_TYPES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').notNull().default({}),
  },
  (t) => [index('order_events_order_id_idx').on(t.orderId, t.id)],
);

/**
 * A shopper's withdrawal from the contract of an order (the EU withdrawal function, decision
 * 0024): once per order, acknowledged by mail at once.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lines withdrawn from: `[{ orderItemId, quantity }]`. */
    items: jsonb('items').$type<{ orderItemId: number; quantity: number }[]>().notNull(),
    reason: varchar('reason', { length: 1000 }),
    /** Who declared it: the name and email given (the public form) or the account's. */
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    via: varchar('via', { length: 8, enum: ['account', 'public'] }).notNull(),
  },
  (t) => [uniqueIndex('withdrawals_order_key').on(t.orderId)],
);

/**
 * A withdrawal asked for on the public form, waiting for the link mailed to the order's address
 * to be opened: only then is it recorded (in `withdrawals`, timestamped at `submittedAt`).
 */
export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The name given on the form (the mails greet the order's own name). */
    name: varchar('name', { length: 100 }).notNull(),
    reason: varchar('reason', { length: 1000 }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawal_requests_token_hash_key').on(t.tokenHash),
    index('withdrawal_requests_order_id_idx').on(t.orderId),
  ],
);

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
    attempts: smallint('attempts').notNull().default(0),
    /** Not before: now, or later after a failure (backoff). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** A worker has it until then; past it (the worker died), another takes it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** It failed every attempt: it waits for the admin's retry. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: varchar('last_error', { length: 1000 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('effects_key_key').on(t.key),
    // What the workers look for: effects neither done nor given up, by when they are due.
    index('effects_due_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('effects_failed_idx')
      .on(t.failedAt)
      .where(sql`${t.failedAt} is not null and ${t.doneAt} is null`),
  ],
);

/** Money given back, once per idempotency key: a refund clicked twice is made once. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    /** The provider's id of the refund, once it has made it (the outbox asks it after commit). */
    providerRefundId: varchar('provider_refund_id', { length: 200 }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_order_key').on(t.orderId, t.idempotencyKey),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * What the owner changes without touching the environment (docs/decisions/0022): one row.
 * Money in cents of the shop currency.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    sellerLegalName: varchar('seller_legal_name', { length: 200 }).notNull().default(''),
    sellerAddress: varchar('seller_address', { length: 300 }).notNull().default(''),
    sellerCompanyId: varchar('seller_company_id', { length: 40 }).notNull().default(''),
    sellerVatId: varchar('seller_vat_id', { length: 40 }).notNull().default(''),
    sellerEmail: varchar('seller_email', { length: 254 }).notNull().default(''),
    sellerPhone: varchar('seller_phone', { length: 40 }).notNull().default(''),
    /** Where the owner's notices go (new orders, withdrawals, low stock); '': the seller's email. */
    notificationsEmail: varchar('notifications_email', { length: 254 }).notNull().default(''),
    deliveryAddressCents: integer('delivery_address_cents').notNull().default(690),
    deliveryOfficeCents: integer('delivery_office_cents').notNull().default(450),
    /** Free delivery from this subtotal; null: never free. */
    freeDeliveryFromCents: integer('free_delivery_from_cents').default(10000),
    codEnabled: boolean('cod_enabled').notNull().default(true),
    codFeeCents: integer('cod_fee_cents').notNull().default(150),
    returnDays: integer('return_days').notNull().default(14),
    /** Open (unshipped) cash-on-delivery orders one account may have at once. */
    codMaxOpenOrders: integer('cod_max_open_orders').notNull().default(2),
    /** Units of one colour and size one order may take. */
    maxUnitsPerVariant: integer('max_units_per_variant').notNull().default(10),
    /** Cash-on-delivery orders from accounts with no delivered order wait for the owner's confirmation. */
    codConfirmNewAccounts: boolean('cod_confirm_new_accounts').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_settings_one_row', sql`${t.id} = 1`),
    check('shop_settings_return_days', sql`${t.returnDays} >= 14`),
    check('shop_settings_limits', sql`${t.codMaxOpenOrders} >= 1 and ${t.maxUnitsPerVariant} >= 1`),
    check(
      'shop_settings_money',
      sql`${t.deliveryAddressCents} >= 0 and ${t.deliveryOfficeCents} >= 0 and ${t.codFeeCents} >= 0 and coalesce(${t.freeDeliveryFromCents}, 0) >= 0`,
    ),
  ],
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
