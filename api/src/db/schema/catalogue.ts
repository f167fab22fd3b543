import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Fit, Manufacturer, Safety } from '@shop/contract';
import { createdAt, instant, updatedAt } from './columns.js';

/** What the shop sells: categories, products with their texts in each language, colours and sizes. */

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
    /** The product identifier (issue 31): upper case, unique; SKUs derive from it. */
    styleCode: varchar('style_code', { length: 32 }).unique(),
    /** The garment's fit, the model's height and size and its measurements per size (contract FitSchema). */
    fit: jsonb('fit').$type<Fit>(),
    /** Warnings and safety information per language (product safety, Regulation (EU) 2023/988 Art. 19). */
    safety: jsonb('safety').$type<Safety>(),
    /** The manufacturer (or its EU responsible person) when not the seller; null: the seller. */
    manufacturer: jsonb('manufacturer').$type<Manufacturer>(),
    /** No voluntary return (the legal withdrawal still applies; YEAR.md section 2). */
    finalSale: boolean('final_sale').notNull().default(false),
    /** Sealed for hygiene (underwear, swimwear): no withdrawal once the seal is broken. */
    hygieneSealed: boolean('hygiene_sealed').notNull().default(false),
    publishedAt: instant('published_at'),
    deletedAt: instant('deleted_at'),
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

/**
 * A colour's further images, in order after its own (`product_colors.image_url`, image 0): the
 * carousel shows them; `position` runs from 1. At most MAX_COLOR_IMAGES in all, the first included.
 */
export const productColorImages = pgTable(
  'product_color_images',
  {
    id: serial('id').primaryKey(),
    colorId: integer('color_id')
      .notNull()
      .references(() => productColors.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('product_color_images_color_position_idx').on(t.colorId, t.position)],
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
 * SKUs set by hand for a colour × size (issue 31); every other colour × size takes the SKU derived
 * from the style code (contract `deriveSku`). Unique across the shop.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => productColors.id, { onDelete: 'cascade' }),
    size: varchar('size', { length: 3, enum: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] }).notNull(),
    sku: varchar('sku', { length: 64 }).notNull().unique(),
    /**
     * The variant's GTIN (EAN-13, UPC-A…: 8 to 14 digits), optional (issue 52): what product feeds
     * send; a variant given one keeps its SKU in this row (the SKU it showed, derived or not).
     */
    gtin: varchar('gtin', { length: 14 }),
  },
  (t) => [primaryKey({ columns: [t.colorId, t.size] }), index('product_variants_product_id_idx').on(t.productId)],
);

/**
 * Every regular price a product had, from its first (a trigger on products writes it, whoever
 * changes the price): with the sales, the history of what shoppers paid (issue 30).
 */
export const productPrices = pgTable(
  'product_prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [index('product_prices_product_at_idx').on(t.productId, t.at)],
);

/**
 * Sales, kept once they started: at most one per product not yet ended. `priorPriceCents` is the
 * lowest price shoppers paid in the 30 days before `startsAt` (Directive 98/6/EC Art. 6a), worked
 * out whenever the product's price history before the start changes.
 */
export const productSales = pgTable(
  'product_sales',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    priorPriceCents: integer('prior_price_cents').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_sales_product_starts_idx').on(t.productId, t.startsAt),
    check('product_sales_price_positive', sql`${t.priceCents} > 0`),
    check('product_sales_ends_after_start', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);
