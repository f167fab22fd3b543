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
