/**
 * The CSV formats the catalogue goes out and comes in as (YEAR.md section 5): this shop's own, and
 * the columns WooCommerce's and Shopify's own product exports write (the parts a fashion catalogue
 * uses: a product, its colour and size options, each variant's SKU, price, stock and GTIN).
 */
export { CATALOGUE_FORMATS, type CatalogueFormat } from '@shop/contract';

/** This shop's format: one row per colour × size with everything a product has in both languages. */
export const ATELIER_COLUMNS = [
  'style_code',
  'name_en',
  'name_bg',
  'description_en',
  'description_bg',
  'category',
  'price',
  'sale_price',
  'sale_starts_at',
  'sale_ends_at',
  'composition_en',
  'composition_bg',
  'care_en',
  'care_bg',
  'fit',
  'color_en',
  'color_bg',
  'size',
  'sku',
  'gtin',
  'stock',
  'images',
] as const;
export type AtelierColumn = (typeof ATELIER_COLUMNS)[number];
export type AtelierRow = Record<AtelierColumn, string>;

/**
 * WooCommerce's product CSV exporter (WooCommerce → Products → Export): a `variable` parent row
 * then one `variation` row per colour × size, its options as attributes 1 (colour) and 2 (size).
 */
export const WOOCOMMERCE_COLUMNS = [
  'ID',
  'Type',
  'SKU',
  'GTIN, UPC, EAN, or ISBN',
  'Name',
  'Published',
  'Short description',
  'Description',
  'Date sale price starts',
  'Date sale price ends',
  'In stock?',
  'Stock',
  'Sale price',
  'Regular price',
  'Categories',
  'Images',
  'Parent',
  'Attribute 1 name',
  'Attribute 1 value(s)',
  'Attribute 1 visible',
  'Attribute 1 global',
  'Attribute 2 name',
  'Attribute 2 value(s)',
  'Attribute 2 visible',
  'Attribute 2 global',
] as const;

/**
 * Shopify's product CSV (Products → Export): one row per variant under the product's handle, the
 * product's fields on its first row; a sale is the price with the regular one as "Compare-at".
 */
export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Variant SKU',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Variant Image',
  'Status',
] as const;
