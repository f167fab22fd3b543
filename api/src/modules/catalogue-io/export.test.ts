import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productColors, products, productTranslations } from '../../db/schema.js';
import { storeImage } from '../../platform/files/images.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { testImage } from '../../test/uploads.js';
import { csvRecords } from './csv.js';
import { ATELIER_COLUMNS, SHOPIFY_COLUMNS, WOOCOMMERCE_COLUMNS } from './formats.js';
import { readZip } from './zip.js';

/** The catalogue's export (YEAR.md section 5): one row per colour × size, three formats, two dialects. */
const t = useTestApp({ admin: true });
const DAY = 86_400_000;

const exportCsv = (query: string) =>
  t.app.inject({ url: `/api/admin/products/export.csv?${query}`, headers: bearer(t.admin) });

async function coat(styleCode: string) {
  const product = await t.createProduct({
    name: 'Wool Coat',
    bgName: 'Вълнено палто',
    colors: ['Onyx', 'Bone'],
    colorsBg: ['Оникс', ''],
    sizes: ['S', 'M'],
    priceCents: 12_050,
    stock: 4,
  });
  await t.db.update(products).set({ styleCode }).where(eq(products.id, product.id));
  return product;
}

describe('GET /api/admin/products/export.csv', () => {
  it("writes this shop's columns, one row per colour × size, both languages, the sale, stock and image names", async () => {
    const product = await coat('AN-CT-100');
    await t.db
      .update(productTranslations)
      .set({ composition: '=1+2 wool', care: 'Dry clean' })
      .where(eq(productTranslations.productId, product.id));
    const endsAt = new Date(Date.now() + 2 * DAY).toISOString();
    const sale = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/sale`,
      headers: bearer(t.admin),
      payload: { price: 99.5, endsAt },
    });
    expect(sale.statusCode).toBe(200);

    const response = await exportCsv('format=atelier&dialect=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const { columns, records } = csvRecords(response.body, ',');
    expect(columns).toEqual([...ATELIER_COLUMNS]);
    const rows = records.filter((row) => row.style_code === 'AN-CT-100');
    expect(rows.map((row) => `${row.color_en} ${row.size} ${row.sku}`)).toEqual([
      'Onyx S AN-CT-100-ONYX-S',
      'Onyx M AN-CT-100-ONYX-M',
      'Bone S AN-CT-100-BONE-S',
      'Bone M AN-CT-100-BONE-M',
    ]);
    expect(rows[0]).toMatchObject({
      name_en: 'Wool Coat',
      name_bg: 'Вълнено палто',
      category: 'elegance',
      price: '120.50',
      sale_price: '99.50',
      sale_ends_at: endsAt,
      // A formula is made inert: a spreadsheet shows it as text.
      composition_en: "'=1+2 wool",
      care_bg: 'Dry clean',
      color_bg: 'Оникс',
      stock: '4',
      images: `${'0'.repeat(64)}.webp`,
    });
    expect(rows[2]!.color_bg).toBe('');
  });

  it('writes what Bulgarian Excel opens with dialect=bg: a BOM, `;` and a decimal comma', async () => {
    await coat('AN-CT-101');
    const response = await exportCsv('dialect=bg');
    expect(response.body.startsWith(`\uFEFF${ATELIER_COLUMNS.join(';')}\r\n`)).toBe(true);
    const row = csvRecords(response.body, ';').records.find((record) => record.style_code === 'AN-CT-101');
    expect(row).toMatchObject({ price: '120,50', name_bg: 'Вълнено палто' });
  });

  it("writes WooCommerce's own columns: a variable product, then a variation per colour × size", async () => {
    const product = await coat('AN-CT-102');
    const response = await exportCsv('format=woocommerce&dialect=en');
    const { columns, records } = csvRecords(response.body, ',');
    expect(columns).toEqual([...WOOCOMMERCE_COLUMNS]);
    const rows = records.filter((row) => row.SKU === 'AN-CT-102' || row.Parent === 'AN-CT-102');
    expect(rows.map((row) => row.Type)).toEqual(['variable', 'variation', 'variation', 'variation', 'variation']);
    expect(rows[0]).toMatchObject({
      ID: String(product.id),
      Name: 'Wool Coat',
      'Attribute 1 name': 'Color',
      'Attribute 1 value(s)': 'Onyx, Bone',
      'Attribute 2 value(s)': 'S, M',
    });
    expect(rows[1]).toMatchObject({
      SKU: 'AN-CT-102-ONYX-S',
      'Regular price': '120.50',
      Stock: '4',
      'Attribute 1 value(s)': 'Onyx',
      'Attribute 2 value(s)': 'S',
    });
  });

  it("writes Shopify's own columns: a row per variant under the handle, the product's fields on the first", async () => {
    await coat('AN-CT-103');
    const response = await exportCsv('format=shopify&dialect=bg');
    const { columns, records } = csvRecords(response.body, ';');
    expect(columns).toEqual([...SHOPIFY_COLUMNS]);
    const rows = records.filter((row) => row.Handle === 'an-ct-103');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ Title: 'Вълнено палто', 'Option1 Name': 'Цвят', 'Option1 Value': 'Оникс' });
    expect(rows[1]).toMatchObject({ Title: '', 'Variant SKU': 'AN-CT-103-ONYX-M', 'Variant Price': '120,50' });
  });
});

describe('GET /api/admin/products/images.zip', () => {
  it("holds every colour's pictures once, under the names the export gives them", async () => {
    const image = await storeImage(t.db, await testImage('#334455'), 'product');
    const product = await coat('AN-CT-104');
    await t.db.update(productColors).set({ imageUrl: image.url }).where(eq(productColors.productId, product.id));
    const response = await t.app.inject({ url: '/api/admin/products/images.zip', headers: bearer(t.admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = readZip(response.rawPayload, { maxEntries: 1000, maxEntryBytes: 2 ** 21 });
    const bytes = entries.get(`${image.id}.webp`);
    expect(bytes?.subarray(8, 12).toString()).toBe('WEBP');
  });
});
