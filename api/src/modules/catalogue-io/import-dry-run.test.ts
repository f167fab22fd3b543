import { stringify } from 'csv-stringify/sync';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productColors, products, productTranslations } from '../../db/schema.js';
import { useTestApp } from '../../test/harness.js';
import type { AtelierRow } from './formats.js';
import { atelierCsv, importCalls } from './test-support.js';

/** The dry run reads and compares (decision 0058): its counts are what the apply then does. */
const t = useTestApp({ admin: true });
const { upload, act } = importCalls(t);
const DAY = 86_400_000;

const dress = (code: string, rows: Partial<AtelierRow>[]) =>
  rows.map((row) => ({
    style_code: code,
    name_en: 'Dress',
    name_bg: 'Рокля',
    category: 'elegance',
    price: '90.00',
    color_en: 'Onyx',
    color_bg: 'Оникс',
    size: 'M',
    stock: '2',
    ...row,
  }));

describe('the dry run', () => {
  it('counts each change as the apply then makes it, and names a SKU another product holds', async () => {
    const base = dress('DR-ONE', [{ size: 'M', sku: 'DR-ONE-SKU-M' }, { size: 'L' }]);
    const first = await upload(atelierCsv(base));
    expect(first.json()).toMatchObject({ create: 1, update: 0, unchanged: 0, errors: [] });
    // Each product named in both languages: the screen shows the page's.
    expect(first.json().changes).toEqual([
      { row: 2, styleCode: 'DR-ONE', name: 'Dress', nameBg: 'Рокля', change: 'create' },
    ]);
    expect((await act(first.json().importId, 'apply')).json()).toEqual({ created: 1, updated: 0 });

    const clash = await upload(atelierCsv([...dress('DR-TWO', [{ sku: 'DR-ONE-SKU-M' }]), ...dress('DR-THREE', [{}])]));
    expect(clash.json()).toMatchObject({ create: 1, update: 0, unchanged: 0 });
    expect(clash.json().errors).toEqual([expect.objectContaining({ row: 2, column: 'sku', code: 'skuTaken' })]);

    // Each change alone: the dry run says update, the apply updates, and the same file again is unchanged.
    const changes: Partial<AtelierRow>[] = [
      { stock: '5' },
      { color_bg: 'Черно' },
      { price: '95.00' },
      { name_bg: 'Дълга рокля' },
      { fit: 'slim' },
      { gtin: '4006381333931' },
      { sale_price: '70', sale_ends_at: new Date(Date.now() + DAY).toISOString() },
      { color_en: 'Sand', sku: 'DR-ONE-SAND-M' },
    ];
    let rows = base;
    for (const change of changes) {
      rows = [{ ...rows[0]!, ...change }, ...rows.slice(1)];
      const dryRun = await upload(atelierCsv(rows));
      expect(dryRun.json(), JSON.stringify(change)).toMatchObject({ create: 0, update: 1, unchanged: 0, errors: [] });
      expect((await act(dryRun.json().importId, 'apply')).json()).toEqual({ created: 0, updated: 1 });
      expect((await upload(atelierCsv(rows))).json(), JSON.stringify(change)).toMatchObject({
        update: 0,
        unchanged: 1,
      });
    }
    const grown = await upload(atelierCsv([...rows, ...dress('DR-ONE', [{ size: 'XL' }])]));
    expect(grown.json()).toMatchObject({ update: 1, unchanged: 0 });
  }, 120_000); // 27 requests: several seconds on a loaded host

  it("refuses a deleted product's style code and a sale not below the price, as the apply would", async () => {
    const first = await upload(atelierCsv(dress('DR-GONE', [{}])));
    expect((await act(first.json().importId, 'apply')).json()).toEqual({ created: 1, updated: 0 });
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.styleCode, 'DR-GONE'));

    const ends = new Date(Date.now() + DAY).toISOString();
    const refused = await upload(
      atelierCsv([...dress('DR-GONE', [{}]), ...dress('DR-DEAR', [{ sale_price: '90', sale_ends_at: ends }])]),
    );
    expect(refused.json()).toMatchObject({ create: 0, update: 0, unchanged: 0 });
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ row: 2, column: 'style_code', code: 'deletedProduct', values: { code: 'DR-GONE' } }),
      expect.objectContaining({ row: 3, column: 'sale_price', code: 'saleNotLower' }),
    ]);
  });
});

describe('a one-language file (WooCommerce, Shopify) over products the shop has', () => {
  const woo = (code: string, name: string, colour: string, price: string) =>
    stringify([
      ['Type', 'SKU', 'Name', 'Published', 'Regular price', 'Categories', 'Attribute 1 name', 'Attribute 1 value(s)', 'Attribute 2 name', 'Attribute 2 value(s)', 'Stock'],
      ['simple', code, name, '1', price, 'elegance', 'Color', colour, 'Size', 'M', '2'],
    ]); // prettier-ignore
  const textsOf = async (code: string) => {
    const [product] = await t.db.select().from(products).where(eq(products.styleCode, code));
    const name = async (language: 'en' | 'bg') =>
      (
        await t.db
          .select()
          .from(productTranslations)
          .where(and(eq(productTranslations.productId, product!.id), eq(productTranslations.language, language)))
      )[0]!.name;
    const colours = await t.db.select().from(productColors).where(eq(productColors.productId, product!.id));
    return {
      priceCents: product!.priceCents,
      en: await name('en'),
      bg: await name('bg'),
      colours: colours.map((c) => [c.colorName, c.colorNameBg]),
    };
  };

  it("sets its own language and keeps the other's texts and colour names, and the same file again is unchanged", async () => {
    const first = await upload(atelierCsv(dress('DR-LANG', [{ size: 'M' }])));
    await act(first.json().importId, 'apply');

    const english = woo('DR-LANG', 'Wrap dress', 'Onyx', '70');
    const dry = await upload(english, { format: 'woocommerce', lang: 'en' });
    expect(dry.json()).toMatchObject({ errors: [], update: 1 });
    expect((await act(dry.json().importId, 'apply')).json()).toEqual({ created: 0, updated: 1 });
    expect(await textsOf('DR-LANG')).toEqual({
      priceCents: 7000,
      en: 'Wrap dress',
      bg: 'Рокля',
      colours: [['Onyx', 'Оникс']],
    });
    expect((await upload(english, { format: 'woocommerce', lang: 'en' })).json()).toMatchObject({ unchanged: 1 });

    // A Bulgarian file names the colour in Bulgarian: the colour of that Bulgarian name.
    const bulgarian = woo('DR-LANG', 'Рокля с прехвърляне', 'Оникс', '70');
    const dryBg = await upload(bulgarian, { format: 'woocommerce', lang: 'bg' });
    await act(dryBg.json().importId, 'apply');
    expect(await textsOf('DR-LANG')).toEqual({
      priceCents: 7000,
      en: 'Wrap dress',
      bg: 'Рокля с прехвърляне',
      colours: [['Onyx', 'Оникс']],
    });
  });

  it("lands a Bulgarian file's colour names in Bulgarian (copied to English for a colour it creates)", async () => {
    const dry = await upload(woo('DR-BGCOL', 'Рокля', 'Маслина', '70'), { format: 'woocommerce', lang: 'bg' });
    await act(dry.json().importId, 'apply');
    expect(await textsOf('DR-BGCOL')).toMatchObject({ en: 'Рокля', bg: 'Рокля', colours: [['Маслина', 'Маслина']] });
  });
});
