import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { CATEGORY_SLUGS, type CategoryId, type Language, type Product } from '@shop/contract';
import type { Db } from '../../db/client.js';
import { CSV_FORMAT, csvOptions, decimalOf } from '../../lib/csv.js';
import { catalogueBatches, colourIn, imagesOf, textsIn, type VariantRow } from './catalogue-rows.js';
import {
  ATELIER_COLUMNS,
  SHOPIFY_COLUMNS,
  WOOCOMMERCE_COLUMNS,
  type AtelierRow,
  type CatalogueFormat,
} from './formats.js';
import { SHOP_BRAND } from './feeds.js';

export interface ExportOptions {
  format: CatalogueFormat;
  /** The spreadsheet's: `bg` is what Bulgarian Excel opens (`;`, decimal comma), and the texts' language in WooCommerce's and Shopify's formats. */
  dialect: Language;
  publicUrl: string;
}

/** A stored image's name in the export and in the ZIP beside it: `/files/<sha256>` → `<sha256>.webp`. */
export const imageFileName = (url: string) => `${url.replace(/^.*\//, '')}.webp`;

const categorySlug = (id: number) => CATEGORY_SLUGS[id as CategoryId] ?? '';

/** This shop's row of one colour × size (ATELIER_COLUMNS), money with `decimal` as its mark. */
export function atelierRow(row: VariantRow, decimal: string): AtelierRow {
  const { product } = row;
  const en = textsOf(product, 'en');
  const bg = textsOf(product, 'bg');
  const sale = product.scheduledSale ?? null;
  return {
    style_code: product.styleCode ?? '',
    name_en: en.name,
    name_bg: bg.name,
    description_en: en.description,
    description_bg: bg.description,
    category: categorySlug(product.categoryId),
    price: decimalOf(product.regularPrice, decimal),
    sale_price: sale ? decimalOf(sale.price, decimal) : '',
    sale_starts_at: sale?.startsAt ?? '',
    sale_ends_at: sale?.endsAt ?? '',
    composition_en: en.composition,
    composition_bg: bg.composition,
    care_en: en.care,
    care_bg: bg.care,
    fit: product.fit?.type ?? '',
    color_en: row.color.colorName,
    color_bg: row.color.colorNameBg,
    size: row.size,
    sku: row.sku,
    gtin: row.gtin,
    stock: row.onHand === null ? '' : String(row.onHand),
    images: imagesOf(row.color).map(imageFileName).join('|'),
  };
}

/** A product's own texts in `lang` ('' when it has none: the export does not fill one language from another). */
function textsOf(product: Product, lang: Language) {
  const own = product.translations.find((t) => t.language === lang);
  return {
    name: own?.name ?? '',
    description: own?.description ?? '',
    composition: own?.composition ?? '',
    care: own?.care ?? '',
  };
}

function woocommerceRows(
  product: Product,
  variants: VariantRow[],
  { dialect, publicUrl }: ExportOptions,
  decimal: string,
) {
  const texts = textsIn(product, dialect);
  const sale = product.scheduledSale ?? null;
  const colours = [...new Set(variants.map((row) => colourIn(row, dialect)))];
  const sizes = [...new Set(variants.map((row) => row.size))];
  const url = (path: string) => (path.startsWith('/') ? `${publicUrl}${path}` : path);
  const parentSku = product.styleCode ?? `P${product.id}`;
  const category = categorySlug(product.categoryId);
  const parent = {
    ID: String(product.id),
    Type: 'variable',
    SKU: parentSku,
    Name: texts.name,
    Published: product.published ? '1' : '0',
    'Short description': '',
    Description: texts.description,
    Categories: category,
    Images: [...new Set(variants.flatMap((row) => imagesOf(row.color)))].map(url).join(', '),
    'Attribute 1 name': dialect === 'bg' ? 'Цвят' : 'Color',
    'Attribute 1 value(s)': colours.join(', '),
    'Attribute 1 visible': '1',
    'Attribute 1 global': '0',
    'Attribute 2 name': dialect === 'bg' ? 'Размер' : 'Size',
    'Attribute 2 value(s)': sizes.join(', '),
    'Attribute 2 visible': '1',
    'Attribute 2 global': '0',
  };
  const children = variants.map((row) => ({
    Type: 'variation',
    SKU: row.sku,
    'GTIN, UPC, EAN, or ISBN': row.gtin,
    Name: `${texts.name} - ${colourIn(row, dialect)}, ${row.size}`,
    Published: product.published ? '1' : '0',
    'Date sale price starts': sale ? sale.startsAt.slice(0, 10) : '',
    'Date sale price ends': sale?.endsAt ? sale.endsAt.slice(0, 10) : '',
    'In stock?': row.available === null || row.available > 0 ? '1' : '0',
    Stock: row.onHand === null ? '' : String(row.onHand),
    'Sale price': sale ? decimalOf(sale.price, decimal) : '',
    'Regular price': decimalOf(product.regularPrice, decimal),
    Categories: category,
    Images: imagesOf(row.color).slice(0, 1).map(url).join(''),
    Parent: parentSku,
    'Attribute 1 name': parent['Attribute 1 name'],
    'Attribute 1 value(s)': colourIn(row, dialect),
    'Attribute 1 global': '0',
    'Attribute 2 name': parent['Attribute 2 name'],
    'Attribute 2 value(s)': row.size,
    'Attribute 2 global': '0',
  }));
  return [parent, ...children].map((row: Record<string, string>) =>
    WOOCOMMERCE_COLUMNS.map((column) => row[column] ?? ''),
  );
}

function shopifyRows(product: Product, variants: VariantRow[], { dialect, publicUrl }: ExportOptions, decimal: string) {
  const texts = textsIn(product, dialect);
  const sale = product.sale ? product.price : null;
  const url = (path: string) => (path.startsWith('/') ? `${publicUrl}${path}` : path);
  const handle = (product.styleCode ?? `p${product.id}`).toLowerCase();
  const images = [...new Set(variants.flatMap((row) => imagesOf(row.color)))];
  const rows: Record<string, string>[] = variants.map((row, index) => ({
    Handle: handle,
    ...(index === 0
      ? {
          Title: texts.name,
          'Body (HTML)': texts.description,
          Vendor: product.manufacturer?.name || SHOP_BRAND,
          Type: categorySlug(product.categoryId),
          Tags: '',
          Published: product.published ? 'TRUE' : 'FALSE',
          'Option1 Name': dialect === 'bg' ? 'Цвят' : 'Color',
          'Option2 Name': dialect === 'bg' ? 'Размер' : 'Size',
          Status: product.published ? 'active' : 'draft',
        }
      : {}),
    'Option1 Value': colourIn(row, dialect),
    'Option2 Value': row.size,
    'Variant SKU': row.sku,
    'Variant Inventory Tracker': row.onHand === null ? '' : 'shopify',
    'Variant Inventory Qty': row.onHand === null ? '' : String(row.onHand),
    'Variant Inventory Policy': 'deny',
    'Variant Price': decimalOf(sale ?? product.regularPrice, decimal),
    'Variant Compare At Price': sale === null ? '' : decimalOf(product.regularPrice, decimal),
    'Variant Barcode': row.gtin,
    'Image Src': images[index] ? url(images[index]) : '',
    'Image Position': images[index] ? String(index + 1) : '',
    'Variant Image': imagesOf(row.color)[0] ? url(imagesOf(row.color)[0]!) : '',
  }));
  // Images beyond the variants' rows get rows of their own, as Shopify writes them.
  for (let index = variants.length; index < images.length; index += 1) {
    rows.push({ Handle: handle, 'Image Src': url(images[index]!), 'Image Position': String(index + 1) });
  }
  return rows.map((row) => SHOPIFY_COLUMNS.map((column) => row[column] ?? ''));
}

const HEADERS: Record<CatalogueFormat, readonly string[]> = {
  atelier: ATELIER_COLUMNS,
  woocommerce: WOOCOMMERCE_COLUMNS,
  shopify: SHOPIFY_COLUMNS,
};

/**
 * `GET /api/admin/products/export.csv`: every product that is not deleted, one row per colour ×
 * size (WooCommerce's and Shopify's formats as they write them), streamed a batch of products at a
 * time; written as the orders CSV is (UTF-8 with a BOM, the dialect's separator and decimal mark,
 * formulas made inert).
 */
export function exportCatalogueCsv(db: Db, options: ExportOptions): Readable {
  const { separator, decimal } = CSV_FORMAT[options.dialect];
  async function* chunks() {
    yield stringify([], { ...csvOptions(separator), bom: true, header: true, columns: [...HEADERS[options.format]] });
    for await (const batch of catalogueBatches(db, { published: false })) {
      const rows = batch.flatMap(({ product, variants }) => {
        if (options.format === 'woocommerce') return woocommerceRows(product, variants, options, decimal);
        if (options.format === 'shopify') return shopifyRows(product, variants, options, decimal);
        return variants.map((row) => {
          const cells = atelierRow(row, decimal);
          return ATELIER_COLUMNS.map((column) => cells[column]);
        });
      });
      if (rows.length > 0) yield stringify(rows, csvOptions(separator));
    }
  }
  return Readable.from(chunks());
}
