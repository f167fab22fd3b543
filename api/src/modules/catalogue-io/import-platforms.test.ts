import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from './import-parse.js';

/**
 * WooCommerce's and Shopify's exports with every column their exporters write, in their order:
 * WooCommerce's sample_products.csv (woocommerce/woocommerce, plugins/woocommerce/sample-data),
 * and Shopify's product CSV as exported since 2024 ("URL handle", "Price", "Inventory quantity"…:
 * help.shopify.com/en/manual/products/import-export/using-csv) beside its classic one.
 */

// prettier-ignore
const WOOCOMMERCE_COLUMNS = [
  'ID', 'Type', 'SKU', 'Name', 'Published', 'Is featured?', 'Visibility in catalog', 'Short description',
  'Description', 'Date sale price starts', 'Date sale price ends', 'Tax status', 'Tax class', 'In stock?',
  'Stock', 'Backorders allowed?', 'Sold individually?', 'Weight (lbs)', 'Length (in)', 'Width (in)',
  'Height (in)', 'Allow customer reviews?', 'Purchase note', 'Sale price', 'Regular price', 'Categories',
  'Tags', 'Shipping class', 'Images', 'Download limit', 'Download expiry days', 'Parent', 'Grouped products',
  'Upsells', 'Cross-sells', 'External URL', 'Button text', 'Position', 'Attribute 1 name',
  'Attribute 1 value(s)', 'Attribute 1 visible', 'Attribute 1 global', 'Attribute 2 name',
  'Attribute 2 value(s)', 'Attribute 2 visible', 'Attribute 2 global', 'Meta: _wpcom_is_markdown',
  'Download 1 name', 'Download 1 URL', 'Download 2 name', 'Download 2 URL',
];

// prettier-ignore
const SHOPIFY_COLUMNS = [
  'Title', 'URL handle', 'Description', 'Vendor', 'Product category', 'Type', 'Tags',
  'Published on online store', 'Status', 'SKU', 'Barcode', 'Option1 name', 'Option1 value',
  'Option1 Linked To', 'Option2 name', 'Option2 value', 'Option2 Linked To', 'Option3 name', 'Option3 value',
  'Option3 Linked To', 'Price', 'Compare-at price', 'Cost per item', 'Charge tax', 'Tax code',
  'Unit price total measure', 'Unit price total measure unit', 'Unit price base measure',
  'Unit price base measure unit', 'Inventory tracker', 'Inventory quantity', 'Continue selling when out of stock',
  'Weight value (grams)', 'Weight unit for display', 'Requires shipping', 'Fulfillment service',
  'Product image URL', 'Image position', 'Image alt text', 'Variant image URL', 'Gift card', 'SEO title',
  'SEO description',
];

/** A file with every column, the rows naming only some (the rest empty), with the exporters' BOM. */
const exportOf = (columns: string[], rows: Record<string, string>[]) =>
  '\uFEFF' + stringify([columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]);

describe("WooCommerce's export, every column", () => {
  it('reads a variable product and its variations (parent by SKU and by id:) into colours and sizes', () => {
    const variation = (id: string, sku: string, colour: string, size: string, parent: string) => ({
      ID: id,
      Type: 'variation',
      SKU: sku,
      Name: `V-Neck T-Shirt - ${colour}, ${size}`,
      Published: '1',
      Stock: '4',
      'Regular price': '20',
      Parent: parent,
      'Attribute 1 name': 'Color',
      'Attribute 1 value(s)': colour,
      'Attribute 1 global': '1',
      'Attribute 2 name': 'Size',
      'Attribute 2 value(s)': size,
      'Attribute 2 global': '1',
    });
    const csv = exportOf(WOOCOMMERCE_COLUMNS, [
      {
        ID: '44',
        Type: 'variable',
        SKU: 'woo-vneck-tee',
        Name: 'Awesome V-Neck T-Shirt',
        Published: '1',
        'Is featured?': '1',
        'Visibility in catalog': 'visible',
        'Short description': 'This is a variable product.',
        Description: '<p>Soft <strong>cotton</strong>.</p>',
        'Tax status': 'taxable',
        'In stock?': '1',
        Categories: 'Clothing > Tshirts',
        Images:
          'https://example.com/wp-content/uploads/vneck-tee-2.jpg, https://example.com/wp-content/uploads/vneck-blue.jpg',
        'Attribute 1 name': 'Color',
        'Attribute 1 value(s)': 'Blue, Red',
        'Attribute 1 visible': '1',
        'Attribute 1 global': '1',
        'Attribute 2 name': 'Size',
        'Attribute 2 value(s)': 'S, M',
        'Attribute 2 visible': '1',
        'Attribute 2 global': '1',
      },
      variation('76', 'woo-vneck-tee-red-s', 'Red', 'S', 'woo-vneck-tee'),
      variation('77', 'woo-vneck-tee-blue-m', 'Blue', 'M', 'id:44'),
    ]);
    const parsed = parseCatalogue(csv, 'woocommerce', 'en');
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toBe(3);
    expect(parsed.products).toHaveLength(1);
    expect(parsed.products[0]).toMatchObject({
      styleCode: 'WOO-VNECK-TEE',
      priceCents: 2000,
      publish: true,
      texts: { en: { name: 'Awesome V-Neck T-Shirt', description: 'Soft cotton.' } },
      variants: [
        { colorEn: 'Red', size: 'S', sku: 'WOO-VNECK-TEE-RED-S', stock: 4, images: ['vneck-tee-2.jpg'] },
        { colorEn: 'Blue', size: 'M', sku: 'WOO-VNECK-TEE-BLUE-M', stock: 4, images: ['vneck-tee-2.jpg'] },
      ],
    });
  });
});

describe("WooCommerce's variation whose stock its parent manages", () => {
  it('is read as stock not counted, with a warning naming the row, instead of refusing the file', () => {
    const csv = exportOf(WOOCOMMERCE_COLUMNS, [
      { ID: '70', Type: 'variable', SKU: 'woo-scarf', Name: 'Scarf', Published: '1', Stock: '12', 'Regular price': '30', 'Attribute 1 name': 'Color', 'Attribute 2 name': 'Size' },
      { ID: '71', Type: 'variation', SKU: 'woo-scarf-red-m', Parent: 'woo-scarf', Stock: 'parent', 'Regular price': '30', 'Attribute 1 name': 'Color', 'Attribute 1 value(s)': 'Red', 'Attribute 2 name': 'Size', 'Attribute 2 value(s)': 'M' },
    ]); // prettier-ignore
    const parsed = parseCatalogue(csv, 'woocommerce', 'en');
    expect(parsed.errors).toEqual([]);
    expect(parsed.products[0]!.variants).toEqual([expect.objectContaining({ size: 'M', stock: null })]);
    expect(parsed.warnings).toEqual(
      expect.arrayContaining([expect.objectContaining({ row: 3, column: 'Stock', code: 'parentStock' })]),
    );
  });
});

describe("Shopify's export, every column", () => {
  const scarf = (row: Record<string, string>) => ({
    'URL handle': 'silk-scarf',
    'Option1 value': 'Ruby',
    'Inventory tracker': 'shopify',
    'Continue selling when out of stock': 'deny',
    'Fulfillment service': 'manual',
    'Requires shipping': 'TRUE',
    'Charge tax': 'TRUE',
    ...row,
  });

  it('reads the current columns (URL handle, SKU, Price, Compare-at price, Inventory quantity…) as they come', () => {
    const csv = exportOf(SHOPIFY_COLUMNS, [
      scarf({
        Title: 'Silk scarf',
        Description: '<p>Soft.</p>',
        Vendor: 'Atelier',
        Type: 'elegance',
        'Published on online store': 'TRUE',
        Status: 'Active',
        SKU: 'SH-SCARF-M',
        Barcode: '4006381333931',
        'Option1 name': 'Color',
        'Option2 name': 'Size',
        'Option2 value': 'M',
        Price: '30.00',
        'Compare-at price': '40.00',
        'Inventory quantity': '5',
        'Product image URL': 'https://cdn.shopify.com/s/files/scarf.jpg?v=1',
        'Image position': '1',
      }),
      scarf({
        SKU: 'SH-SCARF-L',
        'Option2 value': 'L',
        Price: '30.00',
        'Compare-at price': '40.00',
        'Inventory quantity': '1',
      }),
      scarf({
        'Option1 value': '',
        'Inventory tracker': '',
        'Product image URL': 'https://cdn.shopify.com/s/files/scarf-2.jpg',
        'Image position': '2',
      }),
    ]);
    const parsed = parseCatalogue(csv, 'shopify', 'en');
    expect(parsed.errors).toEqual([]);
    expect(parsed.products).toHaveLength(1);
    expect(parsed.products[0]).toMatchObject({
      styleCode: 'SILK-SCARF',
      priceCents: 4000,
      sale: { priceCents: 3000 },
      publish: true,
      texts: { en: { name: 'Silk scarf', description: 'Soft.' } },
      variants: [
        { colorEn: 'Ruby', size: 'M', sku: 'SH-SCARF-M', gtin: '4006381333931', stock: 5, images: ['scarf.jpg'] },
        { colorEn: 'Ruby', size: 'L', sku: 'SH-SCARF-L', gtin: '', stock: 1, images: ['scarf.jpg'] },
      ],
    });
  });

  it("names a current file's own column in a row's error", () => {
    const csv = exportOf(SHOPIFY_COLUMNS, [
      scarf({ Title: 'Silk scarf', 'Option1 name': 'Size', 'Option1 value': 'XXXL', SKU: 'SH-1', Price: 'ten' }),
    ]);
    const { errors } = parseCatalogue(csv, 'shopify', 'en');
    expect(errors.map(({ row, column, code }) => ({ row, column, code }))).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'Option1 value', code: 'notSize' },
        { row: 2, column: 'Price', code: 'notPrice' },
      ]),
    );
  });
});

/**
 * WooCommerce's export from a WordPress admin in Bulgarian: the exporter writes its column names
 * through WordPress's translation (woocommerce-bg_BG, translate.wordpress.org), the prices' names
 * with a colon; the product types, the attributes' values and the numbers stay as they are.
 */
// prettier-ignore
const WOOCOMMERCE_COLUMNS_BG = [
  'ID', 'Вид', 'Код', 'Име', 'Публикувано', 'Подбран ли е?', 'Видимост в каталога', 'Кратко описание',
  'Описание', 'Начална дата на намалението', 'Крайна дата на намалението', 'Наличност',
  'Разрешаване на поръчки при изчерпани наличности?', 'Промоционална цена:', 'Редовна цена:', 'Категории',
  'Етикети', 'Изображения', 'Родителски', 'По-скъпи', 'Кръстосани продажби', 'Външен URL адрес',
  'Име на атрибута 1', 'Стойност(и) на атрибута 1', 'Атрибутът 1 е видим', 'Глобален ли е атрибутът 1',
  'Име на атрибута 2', 'Стойност(и) на атрибута 2', 'Атрибутът 2 е видим', 'Глобален ли е атрибутът 2',
];

describe("WooCommerce's export from a Bulgarian admin", () => {
  const variation = (id: string, sku: string, colour: string, size: string, row: Record<string, string> = {}) => ({
    ID: id,
    Вид: 'variation',
    Код: sku,
    Име: `Ленена рокля - ${colour}, ${size}`,
    Публикувано: '1',
    Наличност: '2',
    'Редовна цена:': '89,90',
    Родителски: 'wc-lenena',
    'Име на атрибута 1': 'Цвят',
    'Стойност(и) на атрибута 1': colour,
    'Име на атрибута 2': 'Размер',
    'Стойност(и) на атрибута 2': size,
    ...row,
  });
  const parent = {
    ID: '61',
    Вид: 'variable',
    Код: 'wc-lenena',
    Име: 'Ленена рокля',
    Публикувано: '1',
    'Кратко описание': 'Лека.',
    Описание: '<p>Лек <strong>лен</strong>.</p>',
    Категории: 'confidence',
    Изображения: 'https://example.bg/wp-content/uploads/rokla.jpg',
    'Начална дата на намалението': '2026-12-01 00:00:00',
    'Крайна дата на намалението': '2026-12-31 23:59:59',
    'Име на атрибута 1': 'Цвят',
    'Стойност(и) на атрибута 1': 'Маслина, Мастило',
    'Име на атрибута 2': 'Размер',
    'Стойност(и) на атрибута 2': 'S, M',
  };

  it('reads its Bulgarian column names as the English ones: product, prices, sale, stock, colours and sizes', () => {
    const csv = exportOf(WOOCOMMERCE_COLUMNS_BG, [
      parent,
      variation('62', 'wc-lenena-maslina-s', 'Маслина', 'S', { 'Промоционална цена:': '69,90' }),
      variation('63', 'wc-lenena-mastilo-m', 'Мастило', 'M', { Родителски: 'id:61', Наличност: '' }),
    ]);
    const parsed = parseCatalogue(csv, 'woocommerce', 'bg');
    expect(parsed.errors).toEqual([]);
    expect(parsed.products).toHaveLength(1);
    expect(parsed.products[0]).toMatchObject({
      styleCode: 'WC-LENENA',
      categoryId: 3,
      priceCents: 8990,
      sale: { priceCents: 6990 },
      publish: true,
      texts: { bg: { name: 'Ленена рокля', description: 'Лек лен.' } },
      variants: [
        { colorEn: 'Маслина', size: 'S', sku: 'WC-LENENA-MASLINA-S', stock: 2, images: ['rokla.jpg'] },
        { colorEn: 'Мастило', size: 'M', sku: 'WC-LENENA-MASTILO-M', stock: null, images: ['rokla.jpg'] },
      ],
    });
  });

  it("names the file's own Bulgarian column in a row's error", () => {
    const csv = exportOf(WOOCOMMERCE_COLUMNS_BG, [
      parent,
      variation('62', 'wc-lenena-maslina-s', 'Маслина', 'XXXL', { 'Редовна цена:': 'десет' }),
      variation('63', 'wc-lenena-maslina-m', 'Маслина', 'M', { 'Редовна цена:': '89,90', Наличност: 'много' }),
    ]);
    const { errors } = parseCatalogue(csv, 'woocommerce', 'bg');
    expect(errors.map(({ row, column, code }) => ({ row, column, code }))).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'Стойност(и) на атрибута 2', code: 'notSize' },
        { row: 3, column: 'Редовна цена:', code: 'notPrice' },
        { row: 4, column: 'Наличност', code: 'notStock' },
      ]),
    );
  });

  it('still refuses a file with neither the English nor the Bulgarian type column', () => {
    const csv = exportOf(['Код', 'Име'], [{ Код: 'wc-x', Име: 'X' }]);
    expect(parseCatalogue(csv, 'woocommerce', 'bg').errors).toEqual([
      expect.objectContaining({ row: 1, column: 'Type', code: 'missingColumn' }),
    ]);
  });
});
