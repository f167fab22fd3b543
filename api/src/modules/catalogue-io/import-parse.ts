import {
  CATEGORY_IDS,
  CATEGORY_SLUGS,
  FIT_TYPES,
  SIZES,
  SkuSchema,
  StyleCodeSchema,
  type Language,
  type Size,
} from '@shop/contract';
import { csvRecords } from './csv.js';
import { type ATELIER_COLUMNS, type CatalogueFormat } from './formats.js';

/**
 * Reading an uploaded catalogue into products to write (the import's plan): each format's columns
 * as they come, every problem named by its row (the spreadsheet's line: the header is row 1) and
 * column. Nothing here touches the database.
 */

export interface ImportIssue {
  row: number;
  column: string;
  message: string;
}

export interface PlannedVariant {
  row: number;
  colorEn: string;
  colorBg: string;
  size: Size;
  sku: string;
  gtin: string;
  /** On hand; null: stock not counted. */
  stock: number | null;
  /** Image names as the file gives them (file names, or URLs whose last part is one). */
  images: string[];
}

export interface PlannedSale {
  priceCents: number;
  startsAt: string | null;
  endsAt: string | null;
}

export interface PlannedProduct {
  row: number;
  styleCode: string;
  texts: Record<Language, { name: string; description: string; composition: string; care: string }>;
  categoryId: number;
  priceCents: number;
  sale: PlannedSale | null;
  fit: string;
  /** For a product the import creates: published (WooCommerce's and Shopify's say), else a draft. */
  publish: boolean;
  variants: PlannedVariant[];
}

export interface ParsedCatalogue {
  rows: number;
  products: PlannedProduct[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/** What the export wrote to make a formula inert (a leading apostrophe) is taken off again. */
const cellText = (value: string | undefined) => {
  const text = (value ?? '').trim();
  return /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? text.slice(1) : text;
};

class Reader {
  errors: ImportIssue[] = [];
  warnings: ImportIssue[] = [];

  error(row: number, column: string, message: string) {
    this.errors.push({ row, column, message });
  }
  warn(row: number, column: string, message: string) {
    this.warnings.push({ row, column, message });
  }

  /** A price in either decimal mark (`49.90`, `49,90`, `1 234,50`) as cents; null when empty. */
  money(row: number, column: string, value: string, required: boolean): number | null {
    const text = value.replace(/[\s\u00A0]/g, '');
    if (text === '') {
      if (required) this.error(row, column, 'A price is required.');
      return null;
    }
    const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
    if (!match) {
      this.error(row, column, `"${value}" is not a price (e.g. 49.90).`);
      return null;
    }
    const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (cents <= 0 && required) this.error(row, column, 'A price is above 0.');
    return cents;
  }

  size(row: number, column: string, value: string): Size | null {
    const size = value.toUpperCase();
    if ((SIZES as readonly string[]).includes(size)) return size as Size;
    this.error(row, column, `"${value}" is not a size of this shop (${SIZES.join(', ')}).`);
    return null;
  }

  stock(row: number, column: string, value: string): number | null {
    if (value === '') return null;
    if (!/^\d+$/.test(value)) {
      this.error(row, column, `"${value}" is not a whole number of pieces.`);
      return null;
    }
    return Number(value);
  }

  date(row: number, column: string, value: string): string | null {
    if (value === '') return null;
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) {
      this.error(row, column, `"${value}" is not a date (e.g. 2026-12-01T00:00:00Z).`);
      return null;
    }
    return at.toISOString();
  }

  code(row: number, column: string, value: string, kind: 'style' | 'sku'): string | null {
    if (value === '') return null;
    const parsed = (kind === 'style' ? StyleCodeSchema : SkuSchema).safeParse(value);
    if (!parsed.success) {
      this.error(row, column, parsed.error.issues[0]?.message ?? 'Not a code.');
      return null;
    }
    return parsed.data;
  }

  gtin(row: number, column: string, value: string): string {
    if (value === '' || /^\d{8,14}$/.test(value)) return value;
    this.error(row, column, `"${value}" is not a GTIN (8 to 14 digits).`);
    return '';
  }

  category(row: number, column: string, value: string): number {
    const wanted = value.split(/[,>|]/)[0]?.trim().toLowerCase() ?? '';
    const found = CATEGORY_IDS.find((id) => CATEGORY_SLUGS[id] === wanted || String(id) === wanted);
    if (found !== undefined) return found;
    this.warn(row, column, `The category "${value}" is not one of this shop's: the product goes to the first.`);
    return CATEGORY_IDS[0];
  }
}

/** Both languages' texts: a missing Bulgarian one is copied from English (and the reverse), with a warning. */
function bothLanguages(
  reader: Reader,
  row: number,
  en: PlannedProduct['texts']['en'],
  bg: PlannedProduct['texts']['bg'],
): PlannedProduct['texts'] {
  if (en.name === '' && bg.name === '') {
    reader.error(row, 'name_en', 'A product needs a name.');
    return { en, bg };
  }
  if (bg.name === '') {
    reader.warn(row, 'name_bg', 'No Bulgarian text: the English one is used.');
    return { en, bg: { ...en } };
  }
  if (en.name === '') {
    reader.warn(row, 'name_en', 'No English text: the Bulgarian one is used.');
    return { en: { ...bg }, bg };
  }
  return { en, bg };
}

function parseAtelier(records: Record<string, string>[], reader: Reader): PlannedProduct[] {
  const products = new Map<string, PlannedProduct>();
  records.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: (typeof ATELIER_COLUMNS)[number]) => cellText(record[column]);
    const styleCode = reader.code(row, 'style_code', cell('style_code'), 'style');
    if (!styleCode) {
      if (cell('style_code') === '') reader.error(row, 'style_code', 'A style code is required: products match by it.');
      return;
    }
    const size = reader.size(row, 'size', cell('size'));
    const colorEn = cell('color_en');
    if (colorEn === '') reader.error(row, 'color_en', 'A colour needs its English name.');
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
      reader.error(row, 'fit', `The fit is ${FIT_TYPES.join(', ')}.`);
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

/** A single-language text into both languages: the other copied, as a missing one is. */
function oneLanguage(reader: Reader, row: number, lang: Language, texts: PlannedProduct['texts']['en']) {
  const empty = { name: '', description: '', composition: '', care: '' };
  return lang === 'en' ? bothLanguages(reader, row, texts, empty) : bothLanguages(reader, row, empty, texts);
}

const isColour = (name: string) => /colou?r|цвят/i.test(name);
const isSize = (name: string) => /size|размер/i.test(name);
/** The last part of an image's address: what the ZIP beside the file names it (nothing is fetched). */
const imageName = (url: string) =>
  url
    .trim()
    .replace(/[?#].*$/, '')
    .replace(/^.*\//, '');
/** Stripped of tags: WooCommerce and Shopify keep descriptions as HTML, this shop as text. */
const plainText = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();

function saleOf(reader: Reader, row: number, price: number | null, sale: number | null, starts = '', ends = '') {
  if (sale === null || price === null || sale >= price) return null;
  return {
    priceCents: sale,
    startsAt: reader.date(row, 'Date sale price starts', starts),
    endsAt: reader.date(row, 'Date sale price ends', ends),
  };
}

function parseWooCommerce(records: Record<string, string>[], reader: Reader, lang: Language): PlannedProduct[] {
  const parents = new Map<string, PlannedProduct>();
  const byId = new Map<string, PlannedProduct>();
  const galleries = new Map<PlannedProduct, string[]>();
  const out: PlannedProduct[] = [];
  records.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: string) => cellText(record[column]);
    const type = cell('Type').toLowerCase();
    const attribute = (test: (name: string) => boolean) => {
      for (const n of [1, 2, 3]) if (test(cell(`Attribute ${n} name`))) return cell(`Attribute ${n} value(s)`);
      return '';
    };
    if (type.includes('variable') || type === 'simple') {
      const styleCode = reader.code(row, 'SKU', cell('SKU'), 'style') ?? (cell('ID') ? `WC-${cell('ID')}` : null);
      if (!styleCode) return reader.error(row, 'SKU', 'A product needs its SKU or ID: products match by it.');
      const price = reader.money(row, 'Regular price', cell('Regular price'), type === 'simple');
      const product: PlannedProduct = {
        row,
        styleCode,
        texts: oneLanguage(reader, row, lang, {
          name: cell('Name'),
          description: plainText(cell('Description') || cell('Short description')),
          composition: '',
          care: '',
        }),
        categoryId: reader.category(row, 'Categories', cell('Categories')),
        priceCents: price ?? 0,
        sale: saleOf(
          reader,
          row,
          price,
          reader.money(row, 'Sale price', cell('Sale price'), false),
          cell('Date sale price starts'),
          cell('Date sale price ends'),
        ),
        fit: '',
        publish: cell('Published') === '1',
        variants: [],
      };
      parents.set(cell('SKU').toUpperCase(), product);
      galleries.set(product, cell('Images').split(',').map(imageName).filter(Boolean));
      if (cell('ID')) byId.set(cell('ID'), product);
      out.push(product);
      if (type === 'simple') {
        const size = reader.size(row, 'Attribute 2 value(s)', attribute(isSize) || 'M');
        if (size)
          product.variants.push({
            row,
            colorEn: attribute(isColour) || 'Default',
            colorBg: '',
            size,
            sku: '',
            gtin: reader.gtin(row, 'GTIN, UPC, EAN, or ISBN', cell('GTIN, UPC, EAN, or ISBN')),
            stock: reader.stock(row, 'Stock', cell('Stock')),
            images: cell('Images').split(',').map(imageName).filter(Boolean),
          });
      }
      return;
    }
    if (type !== 'variation') return reader.warn(row, 'Type', `A "${cell('Type')}" product is not imported.`);
    const parentKey = cell('Parent');
    const parent = parentKey.startsWith('id:') ? byId.get(parentKey.slice(3)) : parents.get(parentKey.toUpperCase());
    if (!parent) return reader.error(row, 'Parent', `No product "${parentKey}" above this variation.`);
    const size = reader.size(row, 'Attribute 2 value(s)', attribute(isSize));
    const colour = attribute(isColour);
    if (colour === '') reader.error(row, 'Attribute 1 value(s)', 'A variation needs its colour.');
    const price = reader.money(row, 'Regular price', cell('Regular price'), false);
    if (price !== null && parent.priceCents === 0) {
      parent.priceCents = price;
      parent.sale = saleOf(
        reader,
        row,
        price,
        reader.money(row, 'Sale price', cell('Sale price'), false),
        cell('Date sale price starts'),
        cell('Date sale price ends'),
      );
    }
    if (size && colour)
      parent.variants.push({
        row,
        colorEn: colour,
        colorBg: '',
        size,
        sku: cell('SKU') === '' ? '' : (reader.code(row, 'SKU', cell('SKU'), 'sku') ?? ''),
        gtin: reader.gtin(row, 'GTIN, UPC, EAN, or ISBN', cell('GTIN, UPC, EAN, or ISBN')),
        stock: reader.stock(row, 'Stock', cell('Stock')),
        images: cell('Images').split(',').map(imageName).filter(Boolean),
      });
  });
  for (const product of out) {
    if (product.priceCents === 0) reader.error(product.row, 'Regular price', 'A price is required.');
    // A variation without an image of its own shows its product's first.
    const gallery = galleries.get(product) ?? [];
    for (const variant of product.variants)
      if (variant.images.length === 0 && gallery[0]) variant.images = [gallery[0]];
  }
  return out;
}

function parseShopify(records: Record<string, string>[], reader: Reader, lang: Language): PlannedProduct[] {
  const products = new Map<string, PlannedProduct & { options: string[]; gallery: string[] }>();
  records.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: string) => cellText(record[column]);
    const handle = cell('Handle');
    if (handle === '') return reader.error(row, 'Handle', 'A row needs its product handle.');
    let product = products.get(handle);
    if (!product) {
      const styleCode = reader.code(row, 'Handle', handle, 'style');
      if (!styleCode) return;
      product = {
        row,
        styleCode,
        texts: oneLanguage(reader, row, lang, {
          name: cell('Title'),
          description: plainText(cell('Body (HTML)')),
          composition: '',
          care: '',
        }),
        categoryId: reader.category(row, 'Type', cell('Type')),
        priceCents: 0,
        sale: null,
        fit: '',
        publish: cell('Status')
          ? cell('Status').toLowerCase() === 'active'
          : cell('Published').toUpperCase() === 'TRUE',
        variants: [],
        options: [1, 2, 3].map((n) => cell(`Option${n} Name`)),
        gallery: [],
      };
      products.set(handle, product);
    }
    if (cell('Image Src')) product.gallery.push(imageName(cell('Image Src')));
    const sizeAt = product.options.findIndex(isSize);
    const colourAt = product.options.findIndex(isColour);
    if (cell('Variant SKU') === '' && cell('Variant Price') === '') return; // an image row
    const option = (at: number) => (at < 0 ? '' : cell(`Option${at + 1} Value`));
    const size = reader.size(row, sizeAt < 0 ? 'Option1 Value' : `Option${sizeAt + 1} Value`, option(sizeAt));
    const price = reader.money(row, 'Variant Price', cell('Variant Price'), true);
    const compare = reader.money(row, 'Variant Compare At Price', cell('Variant Compare At Price'), false);
    if (product.priceCents === 0 && price !== null) {
      const onSale = compare !== null && compare > price;
      product.priceCents = onSale ? compare : price;
      product.sale = onSale ? { priceCents: price, startsAt: null, endsAt: null } : null;
    }
    if (size)
      product.variants.push({
        row,
        colorEn: option(colourAt) || 'Default',
        colorBg: '',
        size,
        sku: cell('Variant SKU') === '' ? '' : (reader.code(row, 'Variant SKU', cell('Variant SKU'), 'sku') ?? ''),
        gtin: reader.gtin(row, 'Variant Barcode', cell('Variant Barcode')),
        stock: cell('Variant Inventory Tracker')
          ? reader.stock(row, 'Variant Inventory Qty', cell('Variant Inventory Qty'))
          : null,
        images: cell('Variant Image') ? [imageName(cell('Variant Image'))] : [],
      });
  });
  return [...products.values()].map(({ options: _options, gallery, ...product }) => {
    // A colour without an image of its own shows the product's first.
    for (const variant of product.variants)
      if (variant.images.length === 0 && gallery[0]) variant.images = [gallery[0]];
    return product;
  });
}

/** Reads an uploaded CSV in `format` (texts of a one-language format land in `lang`). */
export function parseCatalogue(csv: string, format: CatalogueFormat, lang: Language): ParsedCatalogue {
  const { columns, records } = csvRecords(csv);
  const reader = new Reader();
  const required =
    format === 'atelier'
      ? ['style_code', 'size', 'color_en', 'price']
      : format === 'woocommerce'
        ? ['Type', 'SKU']
        : ['Handle'];
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    for (const column of missing)
      reader.error(1, column, `The file has no "${column}" column: is it the ${format} format?`);
    return { rows: records.length, products: [], errors: reader.errors, warnings: reader.warnings };
  }
  const products =
    format === 'atelier'
      ? parseAtelier(records, reader)
      : format === 'woocommerce'
        ? parseWooCommerce(records, reader, lang)
        : parseShopify(records, reader, lang);
  // Within one file a SKU names one variant.
  const skus = new Map<string, number>();
  for (const product of products)
    for (const variant of product.variants) {
      if (!variant.sku) continue;
      const first = skus.get(variant.sku);
      if (first !== undefined) reader.error(variant.row, 'sku', `The SKU ${variant.sku} is on row ${first} too.`);
      else skus.set(variant.sku, variant.row);
    }
  return { rows: records.length, products, errors: reader.errors, warnings: reader.warnings };
}
