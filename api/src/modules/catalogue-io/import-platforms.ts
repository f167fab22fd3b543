import { type Language } from '@shop/contract';
import { cellText, oneLanguage, type PlannedProduct, type Reader } from './import-reader.js';

/** WooCommerce's and Shopify's own export columns, read as they come (a preset each). */

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

function saleOf(
  reader: Reader,
  row: number,
  price: number | null,
  sale: number | null,
  starts: { column: string; value: string },
  ends: { column: string; value: string },
) {
  if (sale === null || price === null || sale >= price) return null;
  return {
    priceCents: sale,
    startsAt: reader.date(row, starts.column, starts.value),
    endsAt: reader.date(row, ends.column, ends.value),
  };
}

/**
 * WooCommerce's exporter names its columns in the WordPress admin's language. The names a
 * Bulgarian admin writes (WooCommerce's bg_BG translation on translate.wordpress.org, decision
 * 0090), by the English name this preset reads; the product types, the attributes' values and the
 * numbers stay as they are. A header is compared trimmed, without a trailing colon (the translation
 * writes "Редовна цена:") and in any case; the GTIN column is the one whose name says GTIN.
 */
const WOOCOMMERCE_BG_NAMES: Record<string, string> = {
  Type: 'Вид',
  SKU: 'Код',
  Name: 'Име',
  Published: 'Публикувано',
  'Short description': 'Кратко описание',
  Description: 'Описание',
  'Date sale price starts': 'Начална дата на намалението',
  'Date sale price ends': 'Крайна дата на намалението',
  Stock: 'Наличност',
  'Sale price': 'Промоционална цена',
  'Regular price': 'Редовна цена',
  Categories: 'Категории',
  Images: 'Изображения',
  Parent: 'Родителски',
  ...Object.fromEntries(
    [1, 2, 3].flatMap((n) => [
      [`Attribute ${n} name`, `Име на атрибута ${n}`],
      [`Attribute ${n} value(s)`, `Стойност(и) на атрибута ${n}`],
    ]),
  ),
};
const GTIN = 'GTIN, UPC, EAN, or ISBN';

const headerKey = (name: string) => name.trim().replace(/:$/, '').trim().toLowerCase();

/** The file's own name of the WooCommerce column `name` (English), in English or Bulgarian; `name` when it has neither. */
export function wooCommerceColumn(columns: readonly string[], name: string): string {
  const find = (wanted: string | undefined) =>
    wanted === undefined ? undefined : columns.find((column) => headerKey(column) === headerKey(wanted));
  return (
    find(name) ??
    find(WOOCOMMERCE_BG_NAMES[name]) ??
    (name === GTIN ? columns.find((column) => /\bgtin\b/i.test(column)) : undefined) ??
    name
  );
}

export function parseWooCommerce(
  records: Record<string, string>[],
  columns: readonly string[],
  reader: Reader,
  lang: Language,
): PlannedProduct[] {
  const names = new Map<string, string>();
  /** A column as the file names it. */
  const col = (name: string) => {
    const known = names.get(name);
    if (known !== undefined) return known;
    const found = wooCommerceColumn(columns, name);
    names.set(name, found);
    return found;
  };
  const parents = new Map<string, PlannedProduct>();
  const byId = new Map<string, PlannedProduct>();
  const galleries = new Map<PlannedProduct, string[]>();
  const out: PlannedProduct[] = [];
  records.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: string) => cellText(record[col(column)]);
    const dateCell = (column: string) => ({ column: col(column), value: cell(column) });
    /** The attribute `test` names: its value and column (attribute `fallback`'s column when none does). */
    const attribute = (test: (name: string) => boolean, fallback: number) => {
      for (const n of [1, 2, 3])
        if (test(cell(`Attribute ${n} name`)))
          return { value: cell(`Attribute ${n} value(s)`), column: col(`Attribute ${n} value(s)`) };
      return { value: '', column: col(`Attribute ${fallback} value(s)`) };
    };
    const images = () => cell('Images').split(',').map(imageName).filter(Boolean);
    /** On hand; a variation whose stock its parent manages (`parent`) is not counted, said with a warning. */
    const stock = () => {
      if (cell('Stock').toLowerCase() !== 'parent') return reader.stock(row, col('Stock'), cell('Stock'));
      reader.warn(row, col('Stock'), 'parentStock');
      return null;
    };
    const type = cell('Type').toLowerCase();
    if (type.includes('variable') || type === 'simple') {
      const styleCode = reader.code(row, col('SKU'), cell('SKU'), 'style') ?? (cell('ID') ? `WC-${cell('ID')}` : null);
      if (!styleCode) return reader.error(row, col('SKU'), 'skuOrIdRequired');
      const price = reader.money(row, col('Regular price'), cell('Regular price'), type === 'simple');
      const product: PlannedProduct = {
        row,
        styleCode,
        texts: oneLanguage(reader, row, lang, {
          name: cell('Name'),
          description: plainText(cell('Description') || cell('Short description')),
          composition: '',
          care: '',
        }),
        categoryId: reader.category(row, col('Categories'), cell('Categories')),
        priceCents: price ?? 0,
        sale: saleOf(
          reader,
          row,
          price,
          reader.money(row, col('Sale price'), cell('Sale price'), false),
          dateCell('Date sale price starts'),
          dateCell('Date sale price ends'),
        ),
        fit: '',
        publish: cell('Published') === '1',
        copied: lang === 'en' ? 'bg' : 'en',
        variants: [],
      };
      parents.set(cell('SKU').toUpperCase(), product);
      galleries.set(product, images());
      if (cell('ID')) byId.set(cell('ID'), product);
      out.push(product);
      if (type === 'simple') {
        const sizeOf = attribute(isSize, 2);
        const size = reader.size(row, sizeOf.column, sizeOf.value || 'M');
        if (size)
          product.variants.push({
            row,
            colorEn: attribute(isColour, 1).value || 'Default',
            colorBg: lang === 'bg' ? attribute(isColour, 1).value : '',
            size,
            sku: '',
            gtin: reader.gtin(row, col(GTIN), cell(GTIN)),
            stock: reader.stock(row, col('Stock'), cell('Stock')),
            images: images(),
          });
      }
      return;
    }
    if (type !== 'variation') return reader.warn(row, col('Type'), 'typeNotImported', { type: cell('Type') });
    const parentKey = cell('Parent');
    const parent = parentKey.startsWith('id:') ? byId.get(parentKey.slice(3)) : parents.get(parentKey.toUpperCase());
    if (!parent) return reader.error(row, col('Parent'), 'noParent', { parent: parentKey });
    const sizeOf = attribute(isSize, 2);
    const size = reader.size(row, sizeOf.column, sizeOf.value);
    const colour = attribute(isColour, 1);
    if (colour.value === '') reader.error(row, colour.column, 'variationColour');
    const price = reader.money(row, col('Regular price'), cell('Regular price'), false);
    if (price !== null && parent.priceCents === 0) {
      parent.priceCents = price;
      parent.sale = saleOf(
        reader,
        row,
        price,
        reader.money(row, col('Sale price'), cell('Sale price'), false),
        dateCell('Date sale price starts'),
        dateCell('Date sale price ends'),
      );
    }
    if (size && colour.value)
      parent.variants.push({
        row,
        colorEn: colour.value,
        colorBg: lang === 'bg' ? colour.value : '',
        size,
        sku: cell('SKU') === '' ? '' : (reader.code(row, col('SKU'), cell('SKU'), 'sku') ?? ''),
        gtin: reader.gtin(row, col(GTIN), cell(GTIN)),
        stock: stock(),
        images: images(),
      });
  });
  for (const product of out) {
    if (product.priceCents === 0) reader.error(product.row, col('Regular price'), 'priceRequired');
    // A variation without an image of its own shows its product's first.
    const gallery = galleries.get(product) ?? [];
    for (const variant of product.variants)
      if (variant.images.length === 0 && gallery[0]) variant.images = [gallery[0]];
  }
  return out;
}

/**
 * Shopify's columns by their classic names (exports before 2024, and many a tool's), and the names
 * its current export gives the same columns: a file is read by whichever it has, and its errors
 * name the file's own column.
 */
const SHOPIFY_CURRENT_NAMES: Record<string, string> = {
  Handle: 'URL handle',
  'Body (HTML)': 'Description',
  Published: 'Published on online store',
  'Option1 Name': 'Option1 name',
  'Option1 Value': 'Option1 value',
  'Option2 Name': 'Option2 name',
  'Option2 Value': 'Option2 value',
  'Option3 Name': 'Option3 name',
  'Option3 Value': 'Option3 value',
  'Variant SKU': 'SKU',
  'Variant Barcode': 'Barcode',
  'Variant Price': 'Price',
  'Variant Compare At Price': 'Compare-at price',
  'Variant Inventory Tracker': 'Inventory tracker',
  'Variant Inventory Qty': 'Inventory quantity',
  'Image Src': 'Product image URL',
  'Variant Image': 'Variant image URL',
};

/** The file's own name of the Shopify column classically named `name`. */
export const shopifyColumn = (columns: readonly string[], name: string) => {
  const current = SHOPIFY_CURRENT_NAMES[name];
  return !columns.includes(name) && current !== undefined && columns.includes(current) ? current : name;
};

export function parseShopify(
  records: Record<string, string>[],
  columns: readonly string[],
  reader: Reader,
  lang: Language,
): PlannedProduct[] {
  const products = new Map<string, PlannedProduct & { options: string[]; gallery: string[] }>();
  const names = new Map(Object.keys(SHOPIFY_CURRENT_NAMES).map((name) => [name, shopifyColumn(columns, name)]));
  /** A column as the file names it. */
  const col = (name: string) => names.get(name) ?? name;
  records.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: string) => cellText(record[col(column)]);
    const handle = cell('Handle');
    if (handle === '') return reader.error(row, col('Handle'), 'handleRequired');
    let product = products.get(handle);
    if (!product) {
      const styleCode = reader.code(row, col('Handle'), handle, 'style');
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
        copied: lang === 'en' ? 'bg' : 'en',
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
    const size = reader.size(row, col(`Option${sizeAt < 0 ? 1 : sizeAt + 1} Value`), option(sizeAt));
    const price = reader.money(row, col('Variant Price'), cell('Variant Price'), true);
    const compare = reader.money(row, col('Variant Compare At Price'), cell('Variant Compare At Price'), false);
    if (product.priceCents === 0 && price !== null) {
      const onSale = compare !== null && compare > price;
      product.priceCents = onSale ? compare : price;
      product.sale = onSale ? { priceCents: price, startsAt: null, endsAt: null } : null;
    }
    if (size)
      product.variants.push({
        row,
        colorEn: option(colourAt) || 'Default',
        colorBg: lang === 'bg' ? option(colourAt) : '',
        size,
        sku: cell('Variant SKU') === '' ? '' : (reader.code(row, col('Variant SKU'), cell('Variant SKU'), 'sku') ?? ''),
        gtin: reader.gtin(row, col('Variant Barcode'), cell('Variant Barcode')),
        stock: cell('Variant Inventory Tracker')
          ? reader.stock(row, col('Variant Inventory Qty'), cell('Variant Inventory Qty'))
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
