import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditLog, products, productStock } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { testImage } from '../../test/uploads.js';
import { csvRecords } from './csv.js';
import type { AtelierRow } from './formats.js';
import { atelierCsv, importCalls } from './test-support.js';
import { zipEntries } from './zip.js';

/** The catalogue's import (YEAR.md section 5): dry run, apply, undo; three formats; the round trip. */
const t = useTestApp({ admin: true });
const DAY = 86_400_000;

const { upload, act, last } = importCalls(t);
const exported = async (prefix: string) => {
  const response = await t.app.inject({
    url: '/api/admin/products/export.csv?format=atelier&dialect=bg',
    headers: bearer(t.admin),
  });
  expect(response.statusCode).toBe(200);
  const lines = response.body.split('\r\n');
  return [lines[0], ...lines.slice(1).filter((line) => line.startsWith(prefix))].join('\r\n') + '\r\n';
};
const productOf = async (styleCode: string) => {
  const [row] = await t.db.select().from(products).where(eq(products.styleCode, styleCode));
  if (!row) return null;
  return (await t.app.inject({ url: `/api/products/${row.id}`, headers: bearer(t.admin) })).json();
};

const coat = (rows: Partial<AtelierRow>[]) =>
  rows.map((row) => ({
    style_code: 'IM-COAT',
    name_en: 'Coat',
    name_bg: 'Палто',
    category: 'elegance',
    price: '100.00',
    color_en: 'Onyx',
    size: 'M',
    stock: '2',
    ...row,
  }));

describe('POST /api/admin/products/import', () => {
  it('answers a dry run that changes nothing, with errors by row and column and warnings', async () => {
    const csv = atelierCsv([
      ...coat([{ size: 'M' }, { size: 'L', name_bg: '' }]),
      { style_code: 'IM-BAD', name_en: 'Bad', price: 'ten', color_en: 'Red', size: 'XXXL', category: 'hats' },
    ]);
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ rows: 3, create: 1, update: 0, unchanged: 0 });
    const issue = (column: string, code: string, value: string) =>
      expect.objectContaining({ row: 4, column, code, values: { value }, message: expect.stringContaining(value) });
    expect(body.errors).toEqual(
      expect.arrayContaining([issue('size', 'notSize', 'XXXL'), issue('price', 'notPrice', 'ten')]),
    );
    expect(body.warnings).toEqual(
      expect.arrayContaining([
        issue('category', 'unknownCategory', 'hats'),
        expect.objectContaining({ row: 4, column: 'name_bg', message: expect.stringContaining('English') }),
      ]),
    );
    expect(await productOf('IM-COAT')).toBeNull();
    expect((await act(body.importId, 'apply')).json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS' });
  });

  it('applies, audited; undo puts every product back exactly, and is refused once a later edit touched one', async () => {
    const first = await upload(
      atelierCsv(coat([{ size: 'M' }, { size: 'L', color_en: 'Bone', color_bg: 'Слонова кост' }])),
    );
    expect((await act(first.json().importId, 'apply')).json()).toEqual({ created: 1, updated: 0 });
    const created = await productOf('IM-COAT');
    expect(created).toMatchObject({
      regularPrice: 100,
      published: false,
      translations: [{ name: 'Coat' }, { name: 'Палто' }],
    });
    expect(created.colors.map((c: { colorName: string }) => c.colorName)).toEqual(['Onyx', 'Bone']);
    const before = await exported('IM-COAT');

    const change = await upload(
      atelierCsv(
        coat([
          {
            size: 'M',
            price: '80,00',
            name_en: 'Wool Coat',
            stock: '9',
            sale_price: '60',
            sale_ends_at: new Date(Date.now() + DAY).toISOString(),
          },
          { size: 'S', color_en: 'Sand' },
        ]),
      ),
    );
    expect(change.json()).toMatchObject({ create: 0, update: 1, unchanged: 0, errors: [] });
    expect(await exported('IM-COAT')).toBe(before); // the dry run changed nothing
    expect((await act(change.json().importId, 'apply')).json()).toEqual({ created: 0, updated: 1 });
    const changed = await productOf('IM-COAT');
    expect(changed).toMatchObject({ regularPrice: 80, price: 60, name: 'Wool Coat' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `import:${change.json().importId}`));
    expect(entry).toMatchObject({ action: 'catalogue.import', actorId: t.admin.id });

    expect(await last()).toMatchObject({ importId: change.json().importId, status: 'applied', undoable: true });
    const undone = await act(change.json().importId, 'undo');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await exported('IM-COAT')).toBe(before);
    expect(await productOf('IM-COAT')).toMatchObject({ regularPrice: 100, sale: null, name: 'Coat' });

    // Undo of the first, after an edit of its product's stock: refused.
    await t.db.update(productStock).set({ onHand: 7 }).where(eq(productStock.productId, created.id));
    const refused = await act(first.json().importId, 'undo');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('IMPORT_SUPERSEDED');
    expect(await last()).toMatchObject({ importId: change.json().importId, status: 'undone', undoable: false });

    // The last import, after a later edit of one of its products: named, but no longer undoable.
    const third = await upload(atelierCsv(coat([{ size: 'M', price: '90' }])));
    await act(third.json().importId, 'apply');
    await t.db.update(productStock).set({ onHand: 1 }).where(eq(productStock.productId, created.id));
    expect(await last()).toMatchObject({
      importId: third.json().importId,
      updated: 1,
      undoable: false,
      superseded: true,
    });
  });

  it("reads WooCommerce's export: a variable product and its variations, into colours and sizes", async () => {
    const header = [
      'ID',
      'Type',
      'SKU',
      'Name',
      'Published',
      'Description',
      'Stock',
      'Sale price',
      'Regular price',
      'Categories',
      'Images',
      'Parent',
      'Attribute 1 name',
      'Attribute 1 value(s)',
      'Attribute 2 name',
      'Attribute 2 value(s)',
    ];
    const csv = stringify([
      header,
      [
        '51',
        'variable',
        'WC-DRESS',
        'Linen Dress',
        '1',
        '<p>Light <b>linen</b>.</p>',
        '',
        '',
        '',
        'Confidence',
        'https://old.example/wp-content/dress.jpg',
        '',
        'Color',
        'Sage, Ink',
        'Size',
        'S, M',
      ],
      [
        '52',
        'variation',
        'WC-DRESS-SAGE-S',
        'Linen Dress - Sage, S',
        '1',
        '',
        '3',
        '',
        '89.90',
        '',
        '',
        'id:51',
        'Color',
        'Sage',
        'Size',
        'S',
      ],
      [
        '53',
        'variation',
        'WC-DRESS-INK-M',
        'Linen Dress - Ink, M',
        '1',
        '',
        '0',
        '',
        '89.90',
        '',
        '',
        'WC-DRESS',
        'Color',
        'Ink',
        'Size',
        'M',
      ],
    ]);
    const dry = await upload(csv, { format: 'woocommerce', lang: 'en' });
    expect(dry.json()).toMatchObject({ rows: 3, create: 1, errors: [] });
    // The image is named by an address: nothing is fetched, it is left out with a warning.
    expect(dry.json().warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ column: 'images', message: expect.stringContaining('dress.jpg') }),
      ]),
    );
    await act(dry.json().importId, 'apply');
    const dress = await productOf('WC-DRESS');
    expect(dress).toMatchObject({ regularPrice: 89.9, categoryId: 3, published: true, description: 'Light linen.' });
    expect(dress.colors.map((c: { colorName: string }) => c.colorName)).toEqual(['Sage', 'Ink']);
    expect(dress.variants).toEqual(
      expect.arrayContaining([expect.objectContaining({ sku: 'WC-DRESS-SAGE-S', size: 'S' })]),
    );
  });

  it("reads Shopify's export: variants under a handle, a compare-at price as the sale; images from the ZIP, checked", async () => {
    const image = await testImage('#aa3355', { format: 'jpeg' });
    const chunks: Buffer[] = [];
    for await (const chunk of zipEntries(
      (async function* () {
        yield { name: 'scarf.jpg', bytes: image };
        yield { name: 'fake.jpg', bytes: Buffer.from('not an image') };
      })(),
    ))
      chunks.push(chunk);
    const zip = Buffer.concat(chunks);
    const header = [
      'Handle',
      'Title',
      'Body (HTML)',
      'Type',
      'Option1 Name',
      'Option1 Value',
      'Option2 Name',
      'Option2 Value',
      'Variant SKU',
      'Variant Inventory Tracker',
      'Variant Inventory Qty',
      'Variant Price',
      'Variant Compare At Price',
      'Variant Barcode',
      'Image Src',
      'Variant Image',
      'Status',
    ];
    const csv = stringify([
      header,
      [
        'silk-scarf',
        'Копринен шал',
        'Мек.',
        'elegance',
        'Размер',
        'M',
        'Цвят',
        'Рубин',
        'SH-SCARF-M',
        'shopify',
        '5',
        '30.00',
        '40.00',
        '4006381333931',
        'https://cdn.shopify.com/s/files/scarf.jpg?v=1',
        '',
        'active',
      ],
      [
        'silk-scarf',
        '',
        '',
        '',
        '',
        'L',
        '',
        'Рубин',
        'SH-SCARF-L',
        'shopify',
        '1',
        '30.00',
        '40.00',
        '',
        '',
        'https://cdn.shopify.com/s/files/fake.jpg',
        '',
      ],
    ]);
    const dry = await upload(csv, { format: 'shopify', lang: 'bg' }, zip);
    expect(dry.json().errors).toEqual([
      expect.objectContaining({ row: 3, column: 'images', message: expect.stringContaining('fake.jpg') }),
    ]);
    const good = await upload(
      csv.replace('https://cdn.shopify.com/s/files/fake.jpg', ''),
      { format: 'shopify', lang: 'bg' },
      zip,
    );
    expect(good.json()).toMatchObject({ create: 1, errors: [] });
    await act(good.json().importId, 'apply');
    const scarf = await productOf('SILK-SCARF');
    expect(scarf).toMatchObject({
      regularPrice: 40,
      price: 30,
      translations: [
        { language: 'en', name: 'Копринен шал' },
        { language: 'bg', name: 'Копринен шал' },
      ],
    });
    expect(scarf.colors[0]).toMatchObject({
      colorName: 'Рубин',
      imageUrl: expect.stringMatching(/^\/files\/[a-f0-9]{64}$/),
    });
  });
});

describe('the round trip', () => {
  const COLOURS = ['Onyx', 'Bone', 'Sage', 'Ruby'];
  const text = fc.string({
    unit: fc.constantFrom('a', 'Ж', ' ', ';', ',', '"', '=', '-', '\n', 'é', "'"),
    maxLength: 12,
  });
  const catalogue = fc.array(
    fc.record({
      nameEn: text.map((s) => `N${s}`),
      nameBg: text.map((s) => `Б${s}`),
      description: text,
      care: text,
      price: fc.integer({ min: 200, max: 99_999 }),
      salePercent: fc.option(fc.integer({ min: 10, max: 90 }), { nil: undefined }),
      colours: fc.subarray(COLOURS, { minLength: 1, maxLength: 3 }),
      sizes: fc.subarray(['XS', 'M', 'XXL'], { minLength: 1 }),
      tracked: fc.boolean(),
      gtin: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  );

  it('export → import → export gives the same file, over random catalogues in both languages', async () => {
    let run = 0;
    const endsAt = new Date(Date.now() + 5 * DAY).toISOString();
    await fc.assert(
      fc.asyncProperty(catalogue, async (items) => {
        run += 1;
        const prefix = `RT${run}X`;
        const rows = items.flatMap((item, index) =>
          item.colours.flatMap((colour, c) =>
            item.sizes.map((size, s) => ({
              style_code: `${prefix}-${index}`,
              name_en: item.nameEn,
              name_bg: item.nameBg,
              description_en: item.description,
              description_bg: item.description,
              care_en: item.care,
              category: 'confidence',
              price: (item.price / 100).toFixed(2),
              sale_price: item.salePercent ? (Math.floor((item.price * item.salePercent) / 100) / 100).toFixed(2) : '',
              sale_ends_at: item.salePercent ? endsAt : '',
              color_en: colour,
              color_bg: c === 0 ? 'Първи' : '',
              size,
              gtin: item.gtin ? String(40063813339 + c * 10 + s).padStart(13, '0') : '',
              stock: item.tracked ? String(c + s) : '',
            })),
          ),
        );
        const first = await upload(atelierCsv(rows));
        expect(first.json().errors).toEqual([]);
        expect((await act(first.json().importId, 'apply')).statusCode).toBe(200);
        const once = await exported(prefix);
        const again = await upload(once, { format: 'atelier' });
        expect(again.json()).toMatchObject({ create: 0, update: 0, unchanged: items.length, errors: [] });
        expect((await act(again.json().importId, 'apply')).statusCode).toBe(200);
        expect(await exported(prefix)).toBe(once);
        expect(csvRecords(once).records).toHaveLength(rows.length);
      }),
      { numRuns: 6, seed: 52 },
    );
  });
});
