/**
 * The database's tables, one file per domain under schema/. This barrel is what the app
 * (`import * as schema`), the services and drizzle-kit (drizzle.config.ts) read.
 */
export * from './schema/identity.js';
export * from './schema/catalogue.js';
export * from './schema/stock.js';
export * from './schema/cart-wishlist.js';
export * from './schema/orders.js';
export * from './schema/withdrawals.js';
export * from './schema/outbox.js';
export * from './schema/operations.js';
export * from './schema/files.js';
export * from './schema/discounts.js';
export * from './schema/reviews.js';
export * from './schema/records.js';
export * from './schema/couriers.js';
export * from './schema/invoices.js';
export * from './schema/gift-cards.js';
export * from './schema/newsletter.js';
export * from './schema/returns.js';
export * from './schema/catalogue-imports.js';
export * from './schema/complaints.js';
export * from './schema/recalls.js';
export * from './schema/campaigns.js';
