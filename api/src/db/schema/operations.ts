import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { QUANTITY_MAX } from '@shop/contract';
import { createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';

/** The owner's side: the shop's settings and the audit log of what admins did. */

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
    /** To a parcel locker; null: as to an office (docs/decisions/0044). */
    deliveryLockerCents: integer('delivery_locker_cents'),
    /** Free delivery from this subtotal; null: never free. */
    freeDeliveryFromCents: integer('free_delivery_from_cents').default(10000),
    codEnabled: boolean('cod_enabled').notNull().default(true),
    codFeeCents: integer('cod_fee_cents').notNull().default(150),
    returnDays: integer('return_days').notNull().default(14),
    /** Returns (YEAR.md section 2): the voluntary window from delivery (never shorter than `returnDays`). */
    returnsWindowDays: integer('returns_window_days').notNull().default(30),
    /** A return request is approved at once. */
    returnsAutoApprove: boolean('returns_auto_approve').notNull().default(true),
    /** Who pays a refund return's label ('shop' | 'shopper'); an exchange and a defect are always the shop's. */
    returnsShipping: varchar('returns_shipping', { length: 10 }).notNull().default('shop'),
    /** What store credit adds to a return's refund, in percent. */
    returnsStoreCreditBonusPercent: integer('returns_store_credit_bonus_percent').notNull().default(0),
    /** The amounts the Gift cards page offers, in cents (any whole amount from 10 to 500 may be typed too). */
    giftCardAmountsCents: integer('gift_card_amounts_cents')
      .array()
      .notNull()
      .default(sql`'{2500,5000,10000,15000}'`),
    /** Months a gift card is valid from its purchase (`giftCards.validityMonths`, never under 12). */
    giftCardValidityMonths: integer('gift_card_validity_months').notNull().default(24),
    /** Days the seller has to decide a complaint (`complaints.dueDays`, decision 0059). */
    complaintDueDays: integer('complaint_due_days').notNull().default(30),
    /** Open (unshipped) cash-on-delivery orders one account may have at once. */
    codMaxOpenOrders: integer('cod_max_open_orders').notNull().default(2),
    /** Units of one colour and size one order may take. */
    maxUnitsPerVariant: integer('max_units_per_variant').notNull().default(QUANTITY_MAX),
    /** Cash-on-delivery orders from accounts with no delivered order wait for the owner's confirmation. */
    codConfirmNewAccounts: boolean('cod_confirm_new_accounts').notNull().default(false),
    /** Where parcels leave from: an office of the courier (courier_offices.id), else this address, else the seller's. */
    courierSenderOfficeId: integer('courier_sender_office_id'),
    courierSenderAddress: varchar('courier_sender_address', { length: 300 }).notNull().default(''),
    /** Whether the shopper may open the parcel and look before paying the courier (Econt's payAfterAccept). */
    courierInspection: boolean('courier_inspection').notNull().default(false),
    /** Campaign mails sent per minute (`marketing.ratePerMinute`, decision 0057). */
    marketingRatePerMinute: integer('marketing_rate_per_minute').notNull().default(600),
    /** Hours a subscriber's cart stays unchanged before its reminder (`marketing.abandonedCartHours`; 0: off). */
    marketingAbandonedCartHours: doublePrecision('marketing_abandoned_cart_hours').notNull().default(4),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_settings_one_row', sql`${t.id} = 1`),
    check('shop_settings_return_days', sql`${t.returnDays} >= 14`),
    check(
      'shop_settings_returns',
      sql`${t.returnsWindowDays} between 14 and 365 and ${t.returnsShipping} in ('shop', 'shopper') and ${t.returnsStoreCreditBonusPercent} between 0 and 100`,
    ),
    check(
      'shop_settings_marketing',
      sql`${t.marketingRatePerMinute} between 1 and 10000 and ${t.marketingAbandonedCartHours} between 0 and 720`,
    ),
    check('shop_settings_gift_card_validity', sql`${t.giftCardValidityMonths} between 12 and 120`),
    check('shop_settings_limits', sql`${t.codMaxOpenOrders} >= 1 and ${t.maxUnitsPerVariant} >= 1`),
    check(
      'shop_settings_money',
      sql`${t.deliveryAddressCents} >= 0 and ${t.deliveryOfficeCents} >= 0 and ${t.codFeeCents} >= 0 and coalesce(${t.freeDeliveryFromCents}, 0) >= 0 and coalesce(${t.deliveryLockerCents}, 0) >= 0`,
    ),
  ],
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
