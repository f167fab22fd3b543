import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { productColors, productStock, products, productVariants, shopSettings } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { csvRecords } from './csv.js';
import { missingForGoogle, missingForMeta, type FeedItem } from './feeds.js';

/** The product feeds (YEAR.md section 5): one item per colour × size of a published product. */
const t = useTestApp({ env: { CURRENCY: 'EUR' }, admin: true });
const DAY = 86_400_000;

/** Each `<item>` of the Google feed as its `g:` fields (repeated ones joined by `|`). */
function googleItems(xml: string): Record<string, string>[] {
  return [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map(([, body]) => {
    const fields: Record<string, string> = {};
    for (const [, name, value] of (body ?? '')
      .replace(/<g:shipping>.*?<\/g:shipping>/gs, '')
      .matchAll(/<g:(\w+)>(.*?)<\/g:\1>/gs)) {
      fields[name!] = fields[name!] === undefined ? value! : `${fields[name!]}|${value}`;
    }
    fields.shipping = [...(body ?? '').matchAll(/<g:shipping>(.*?)<\/g:shipping>/gs)].map(([s]) => s).join('');
    return fields;
  });
}

const google = (lang = 'en', headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/feeds/google.xml?lang=${lang}`, headers });

describe('GET /feeds/google.xml and /feeds/meta.csv', () => {
  it('lists every colour × size of a published product with the fields Google reads, in the language asked', async () => {
    await t.db
      .update(shopSettings)
      .set({ deliveryOfficeCents: 450, freeDeliveryFromCents: 10_000 })
      .where(eq(shopSettings.id, 1));
    const product = await t.createProduct({
      name: 'Wool Coat',
      bgName: 'Вълнено палто',
      colors: ['Onyx', 'Bone'],
      colorsBg: ['Оникс', ''],
      sizes: ['S', 'M'],
      priceCents: 12_000,
      stock: 3,
    });
    const hidden = await t.createProduct({ name: 'Draft', published: false });
    await t.db.update(products).set({ styleCode: 'AN-CT-001' }).where(eq(products.id, product.id));
    const onyx = product.colors[0]!;
    await t.db
      .insert(productVariants)
      .values({ productId: product.id, colorId: onyx.id, size: 'M', sku: 'COAT-ONYX-M', gtin: '4006381333931' });
    await t.db.update(productStock).set({ onHand: 0 }).where(eq(productStock.colorId, product.colors[1]!.id));
    await t.heard();

    const response = await google('bg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const check = await validateXML({
      xml: [{ fileName: 'feed.xml', contents: response.body }],
      normalization: 'format',
    });
    expect(check.errors).toEqual([]);
    const items = googleItems(response.body).filter((item) => item.item_group_id === 'AN-CT-001');
    expect(items.map((item) => item.id)).toEqual([
      'AN-CT-001-ONYX-S',
      'COAT-ONYX-M',
      'AN-CT-001-BONE-S',
      'AN-CT-001-BONE-M',
    ]);
    expect(response.body).not.toContain(`/product/${hidden.id}?`);
    expect(items[0]).toMatchObject({
      title: 'Вълнено палто – Оникс – S',
      link: `${t.config.publicUrl}/product/${product.id}?color=${onyx.id}&amp;size=S&amp;lang=bg`,
      image_link: `${t.config.publicUrl}${onyx.imageUrl}`,
      availability: 'in_stock',
      price: '120.00 EUR',
      brand: 'Atelier Noir',
      color: 'Оникс',
      size: 'S',
      size_system: 'EU',
      condition: 'new',
      identifier_exists: 'no',
    });
    expect(items[0]!.shipping).toContain(
      '<g:country>BG</g:country><g:service>До офис</g:service><g:price>0.00 EUR</g:price>',
    );
    expect(items[1]).toMatchObject({ gtin: '4006381333931' });
    expect(items[1]!.identifier_exists).toBeUndefined();
    // The colour without a Bulgarian name is called by its English one; what is sold out says so.
    expect(items[2]).toMatchObject({ color: 'Bone', availability: 'out_of_stock' });
  });

  it('carries the sale in force and one to come with their dates, and drops a sale once it ends', async () => {
    const product = await t.createProduct({ priceCents: 5_000 });
    const now = await t.createProduct({ priceCents: 8_000 });
    const startsAt = new Date(Date.now() + DAY);
    const endsAt = new Date(Date.now() + 3 * DAY);
    const put = (id: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/sale`, headers: bearer(t.admin), payload });
    expect(
      (await put(product.id, { price: 40, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() })).statusCode,
    ).toBe(200);
    expect((await put(now.id, { price: 60 })).statusCode).toBe(200);
    await t.heard();
    const itemsOf = async (id: number) =>
      googleItems((await google()).body).filter((item) => item.link?.includes(`/product/${id}?`));

    const [coming] = await itemsOf(product.id);
    expect(coming).toMatchObject({
      price: '50.00 EUR',
      sale_price: '40.00 EUR',
      sale_price_effective_date: `${startsAt.toISOString().slice(0, 16)}Z/${endsAt.toISOString().slice(0, 16)}Z`,
    });
    const [running] = await itemsOf(now.id);
    expect(running).toMatchObject({ price: '80.00 EUR', sale_price: '60.00 EUR' });
    // Until ended: nothing to say of its end.
    expect(running!.sale_price_effective_date).toBeUndefined();

    await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${now.id}/sale`, headers: bearer(t.admin) });
    await t.heard();
    const [ended] = await itemsOf(now.id);
    expect(ended!.sale_price).toBeUndefined();
  });

  it('answers 304 to the ETag it gave until the catalogue changes', async () => {
    const first = await google();
    const etag = first.headers.etag as string;
    expect((await google('en', { 'if-none-match': etag })).statusCode).toBe(304);
    // Another language is another feed.
    expect((await google('bg', { 'if-none-match': etag })).statusCode).toBe(200);
    await t.createProduct({ name: 'Late Arrival' });
    await t.heard();
    const changed = await google('en', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Late Arrival');
  });

  it('writes the Meta catalogue as CSV with its own words for availability and shipping', async () => {
    const product = await t.createProduct({ name: 'Silk Scarf', colors: ['Ruby'], sizes: ['M'], priceCents: 3_000 });
    const response = await t.app.inject({ url: '/feeds/meta.csv?lang=en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeTruthy();
    const rows = csvRecords(response.body).records;
    const [row] = rows.filter((item) => item.item_group_id === `P${product.id}`);
    expect(row).toMatchObject({
      id: `P${product.id}-C${product.colors[0]!.id}-M`,
      title: 'Silk Scarf – Ruby – M',
      availability: 'in stock',
      condition: 'new',
      price: '30.00 EUR',
      gender: 'female',
      age_group: 'adult',
      identifier_exists: 'no',
    });
    expect(row!.shipping).toMatch(
      /^BG::To an office:4\.50 EUR,BG::To a locker:4\.50 EUR,BG::To an address:\d+\.\d\d EUR$/,
    );
  });

  it('leaves out of the Google feed an item Merchant Center would refuse, and the admin check says how many and why', async () => {
    const product = await t.createProduct({ name: 'Linen Shirt', colors: ['Sand', 'Ink'], sizes: ['S', 'M'] });
    const [sand, ink] = product.colors;
    await t.db.update(productColors).set({ imageUrl: '' }).where(eq(productColors.id, ink!.id));
    await t.heard();
    const items = googleItems((await google('en')).body).filter((item) => item.item_group_id === `P${product.id}`);
    expect(items.map((item) => item.id)).toEqual([`P${product.id}-C${sand!.id}-S`, `P${product.id}-C${sand!.id}-M`]);
    // Meta requires a picture too (decision 0072): the same two are left out of its catalogue.
    const meta = csvRecords((await t.app.inject({ url: '/feeds/meta.csv?lang=en' })).body).records;
    expect(meta.filter((row) => row.item_group_id === `P${product.id}`).map((row) => row.id)).toEqual(
      items.map((item) => item.id),
    );

    for (const [query, service] of [
      ['', 'google'],
      ['&service=meta', 'meta'],
    ] as const) {
      const check = await t.app.inject({
        url: `/api/admin/products/feed-check?lang=bg${query}`,
        headers: bearer(t.admin),
      });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toMatchObject({
        lang: 'bg',
        service,
        leftOut: 2,
        missing: [{ attribute: 'image_link', items: 2 }],
      });
      expect(check.json().examples).toEqual([
        { id: `P${product.id}-C${ink!.id}-S`, title: expect.stringContaining(' – S'), missing: ['image_link'] },
        { id: `P${product.id}-C${ink!.id}-M`, title: expect.stringContaining(' – M'), missing: ['image_link'] },
      ]);
      expect(check.json().items).toBeGreaterThanOrEqual(4);
    }
  });

  it('asks of an item what each service requires: Meta a condition and a brand or GTIN, not a gender', async () => {
    const product = await t.createProduct({ name: 'Wrap Dress', colors: ['Moss'], sizes: ['S'] });
    const meta = csvRecords((await t.app.inject({ url: '/feeds/meta.csv?lang=en' })).body).records;
    const row = meta.find((item) => item.item_group_id === `P${product.id}`)!;
    const item = { ...row, additional_image_link: [], shipping: [] } as unknown as FeedItem;
    expect(missingForMeta(item)).toEqual([]);
    const bare = { ...item, gender: '', condition: '', brand: '' } as unknown as FeedItem;
    expect(missingForMeta(bare)).toEqual(['condition', 'brand']);
    expect(missingForGoogle(bare)).toEqual(['brand', 'gender']);
    // A GTIN stands for the brand at Meta.
    expect(missingForMeta({ ...bare, gtin: '4006381333931' })).toEqual(['condition']);
  });
});
