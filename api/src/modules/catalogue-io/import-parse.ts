import { FIT_TYPES, type Language } from '@shop/contract';
import { csvRecords } from './csv.js';
import { type ATELIER_COLUMNS, type CatalogueFormat } from './formats.js';
import { parseShopify, parseWooCommerce, shopifyColumn, wooCommerceColumn } from './import-platforms.js';
import {
  bothLanguages,
  cellText,
  Reader,
  type ParsedCatalogue,
  type PlannedProduct,
  type PlannedVariant,
} from './import-reader.js';

export type { ImportIssue, ParsedCatalogue, PlannedProduct, PlannedSale, PlannedVariant } from './import-reader.js';

/**
 * Reading an uploaded catalogue into products to write (the import's plan): each format's columns
 * as they come, every problem named by its row (the spreadsheet's line: the header is row 1) and
 * column. Nothing here touches the database.
 */

function parseAtelier(records: Record<string, string>[], reader: Reader): PlannedProduct[] {
  const products = new Map<string, PlannedProduct>();
  records.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: (typeof ATELIER_COLUMNS)[number]) => cellText(record[column]);
    const styleCode = reader.code(row, 'style_code', cell('style_code'), 'style');
    if (!styleCode) {
      if (cell('style_code') === '') reader.error(row, 'style_code', 'styleCodeRequired');
      return;
    }
    const size = reader.size(row, 'size', cell('size'));
    const colorEn = cell('color_en');
    if (colorEn === '') reader.error(row, 'color_en', 'colourRequired');
    const sku = cell('sku') === '' ? '' : (reader.code(row, 'sku', cell('sku'), 'sku') ?? '');
    const variant: PlannedVariant | null =
      size && colorEn
        ? {
            row,
            colorEn,
            colorBg: cell('color_bg'),
            size,
            sku,
            gtin: reader.gtin(row, 'gtin', cell('gtin')),
            stock: reader.stock(row, 'stock', cell('stock')),
            images: cell('images')
              .split('|')
              .map((name) => name.trim())
              .filter(Boolean),
          }
        : null;
    const known = products.get(styleCode);
    if (known) {
      if (variant) known.variants.push(variant);
      return;
    }
    const price = reader.money(row, 'price', cell('price'), true);
    const salePrice = reader.money(row, 'sale_price', cell('sale_price'), false);
    const fit = cell('fit').toLowerCase();
    if (fit !== '' && !(FIT_TYPES as readonly string[]).includes(fit)) {
      reader.error(row, 'fit', 'badFit');
    }
    const texts = (lang: Language) => ({
      name: cell(`name_${lang}`),
      description: cell(`description_${lang}`),
      composition: cell(`composition_${lang}`),
      care: cell(`care_${lang}`),
    });
    products.set(styleCode, {
      row,
      styleCode,
      texts: bothLanguages(reader, row, texts('en'), texts('bg')),
      categoryId: reader.category(row, 'category', cell('category')),
      priceCents: price ?? 0,
      sale:
        salePrice === null
          ? null
          : {
              priceCents: salePrice,
              startsAt: reader.date(row, 'sale_starts_at', cell('sale_starts_at')),
              endsAt: reader.date(row, 'sale_ends_at', cell('sale_ends_at')),
            },
      fit,
      publish: false,
      variants: variant ? [variant] : [],
    });
  });
  return [...products.values()];
}

/** Reads an uploaded CSV in `format` (texts of a one-language format land in `lang`). */
export function parseCatalogue(csv: string, format: CatalogueFormat, lang: Language): ParsedCatalogue {
  const { columns, records } = csvRecords(csv);
  const reader = new Reader();
  const required =
    format === 'atelier'
      ? ['style_code', 'size', 'color_en', 'price']
      : format === 'woocommerce'
        ? [wooCommerceColumn(columns, 'Type'), wooCommerceColumn(columns, 'SKU')]
        : [shopifyColumn(columns, 'Handle')];
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    for (const column of missing) reader.error(1, column, 'missingColumn', { column, format });
    return { rows: records.length, products: [], errors: reader.errors, warnings: reader.warnings };
  }
  const products =
    format === 'atelier'
      ? parseAtelier(records, reader)
      : format === 'woocommerce'
        ? parseWooCommerce(records, columns, reader, lang)
        : parseShopify(records, columns, reader, lang);
  // Within one file a SKU names one variant.
  const skus = new Map<string, number>();
  for (const product of products)
    for (const variant of product.variants) {
      if (!variant.sku) continue;
      const first = skus.get(variant.sku);
      if (first !== undefined) reader.error(variant.row, 'sku', 'duplicateSku', { sku: variant.sku, first });
      else skus.set(variant.sku, variant.row);
    }
  return { rows: records.length, products, errors: reader.errors, warnings: reader.warnings };
}
