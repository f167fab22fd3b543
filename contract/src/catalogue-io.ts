import { z } from 'zod';
import { LANGUAGES } from './constants.js';

/*
 * The catalogue in and out (YEAR.md section 5, decision 0058): the CSV formats, the import's dry
 * run, apply and undo, and the last import (what the Import screen offers to undo after a reload).
 */

/** This shop's format, and the columns WooCommerce's and Shopify's own product exports write. */
export const CATALOGUE_FORMATS = ['atelier', 'woocommerce', 'shopify'] as const;
export type CatalogueFormat = (typeof CATALOGUE_FORMATS)[number];

export const IMPORT_CHANGES = ['create', 'update', 'unchanged'] as const;
export type ImportChange = (typeof IMPORT_CHANGES)[number];

export const IMPORT_STATUSES = ['dry_run', 'applied', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What a problem of an imported file is: the screen words each in the page's language with `values`. */
export const IMPORT_ISSUE_CODES = [
  'priceRequired',
  'notPrice',
  'priceNotPositive',
  'notSize',
  'notStock',
  'notDate',
  'badStyleCode',
  'badSku',
  'notGtin',
  'unknownCategory',
  'nameRequired',
  'noBulgarian',
  'noEnglish',
  'styleCodeRequired',
  'colourRequired',
  'badFit',
  'missingColumn',
  'duplicateSku',
  'skuOrIdRequired',
  'typeNotImported',
  'parentStock',
  'noParent',
  'variationColour',
  'handleRequired',
  'deletedProduct',
  'saleNotLower',
  'skuTaken',
  'notWritten',
  'badZip',
  'badImage',
  'imageMissing',
] as const;
export type ImportIssueCode = (typeof IMPORT_ISSUE_CODES)[number];

/**
 * A problem of the file: its row (the spreadsheet's line, the header being row 1; 0: the ZIP) and
 * column; `message` in English, `code` and `values` for the page's language.
 */
export const ImportIssueSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
  code: z.enum(IMPORT_ISSUE_CODES),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ImportIssue = z.infer<typeof ImportIssueSchema>;

/** `POST /api/admin/products/import` (201): the dry run's answer. */
export const ImportSummarySchema = z.object({
  importId: z.number().int(),
  /** Data rows read. */
  rows: z.number().int(),
  /** Products the apply would create, update, leave as they are. */
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(ImportIssueSchema),
  warnings: z.array(ImportIssueSchema),
  /** Each product's change, for the Import screen's table. */
  changes: z.array(
    z.object({
      row: z.number().int(),
      styleCode: z.string(),
      /** The English name; `nameBg` the Bulgarian one (absent from a dry run kept before it was added). */
      name: z.string(),
      nameBg: z.string().optional(),
      change: z.enum(IMPORT_CHANGES),
    }),
  ),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

/** `POST …/import/{importId}/apply`. */
export const ImportAppliedSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type ImportApplied = z.infer<typeof ImportAppliedSchema>;

/** `POST …/import/{importId}/undo`: the products put back (those the import created are deleted). */
export const ImportUndoneSchema = z.object({ restored: z.number().int() });
export type ImportUndone = z.infer<typeof ImportUndoneSchema>;

/**
 * A product the import created (or whose colour it added) that an order names since: the undo is
 * refused, as it would delete what the order refers to. Its names as the order line keeps them.
 */
export const ImportOrderedProductSchema = z.object({
  styleCode: z.string(),
  name: z.string(),
  /** '' when the product had no Bulgarian name. */
  nameBg: z.string(),
});
export type ImportOrderedProduct = z.infer<typeof ImportOrderedProductSchema>;

/**
 * `GET /api/admin/products/import/last`: the last import applied (and perhaps undone since), or
 * null. `undoable`: it is applied and none of its products changed since (an undo would not be
 * refused with IMPORT_SUPERSEDED); `superseded` when it is applied but a product changed since;
 * `orderedProduct` when that change is an order naming a product or colour the import created.
 * `appliedBy`: the account that applied it (from the audit log), null once that account is deleted.
 */
export const LastImportSchema = z
  .object({
    importId: z.number().int(),
    format: z.enum(CATALOGUE_FORMATS),
    status: z.enum(IMPORT_STATUSES),
    appliedAt: z.string().nullable(),
    appliedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
    undoneAt: z.string().nullable(),
    created: z.number().int(),
    updated: z.number().int(),
    undoable: z.boolean(),
    superseded: z.boolean(),
    orderedProduct: ImportOrderedProductSchema.nullable(),
  })
  .nullable();
export type LastImport = z.infer<typeof LastImportSchema>;

/**
 * What Google Merchant Center requires of each item of this shop (apparel): an item missing one
 * is left out of the Google feed (decision 0066). `gtin` stands for "a GTIN, or identifier_exists no".
 */
export const FEED_REQUIREMENTS = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'availability',
  'price',
  'brand',
  'gtin',
  'color',
  'size',
  'gender',
  'age_group',
] as const;
export type FeedRequirement = (typeof FEED_REQUIREMENTS)[number];

/**
 * What a Meta catalogue (Commerce Manager) requires of each item: an item missing one is left out
 * of the Meta feed (decision 0072). `brand` stands for "a brand, or a GTIN" (Meta takes either).
 */
export const META_FEED_REQUIREMENTS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
] as const satisfies readonly FeedAttribute[];

/** Every attribute a feed's check may name: Google's and Meta's. */
export const FEED_ATTRIBUTES = [...FEED_REQUIREMENTS, 'condition'] as const;
export type FeedAttribute = (typeof FEED_ATTRIBUTES)[number];

/** The services a feed is for, whose requirements the admin's check counts. */
export const FEED_SERVICES = ['google', 'meta'] as const;
export type FeedService = (typeof FEED_SERVICES)[number];

/** `GET /api/admin/products/feed-check`'s query: the feed's language, and Google's feed unless `service=meta`. */
export const FeedCheckQuerySchema = z.object({
  lang: z.enum(LANGUAGES).default('en'),
  service: z.enum(FEED_SERVICES).default('google'),
});

/**
 * `GET /api/admin/products/feed-check?lang=&service=`: the feed's items in that language (Google's
 * unless `service=meta`), how many it leaves out, how many lack each attribute, and the first left
 * out with what they lack.
 */
export const FeedCheckSchema = z.object({
  lang: z.enum(LANGUAGES),
  service: z.enum(FEED_SERVICES),
  items: z.number().int(),
  leftOut: z.number().int(),
  missing: z.array(z.object({ attribute: z.enum(FEED_ATTRIBUTES), items: z.number().int() })),
  examples: z.array(z.object({ id: z.string(), title: z.string(), missing: z.array(z.enum(FEED_ATTRIBUTES)) })),
});
export type FeedCheck = z.infer<typeof FeedCheckSchema>;
