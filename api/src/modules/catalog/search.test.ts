import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productStock, productTranslations } from '../../db/schema.js';
import { createTestApp, heard, type TestApp } from '../../test/app.js';
import { createProduct, type CreatedProduct } from '../../test/factories.js';
import { fold } from './search.js';

let t: TestApp;
let jacket: CreatedProduct;
let hoodie: CreatedProduct;
let tee: CreatedProduct;
beforeAll(async () => {
  t = await createTestApp();
  jacket = await createProduct(t.db, {
    categoryId: 1,
    priceCents: 24_000,
    name: 'Élan Bomber Jacket',
    bgName: 'Яке бомбър Елан',
    sizes: ['S', 'M'],
    stock: 3,
  });
  hoodie = await createProduct(t.db, {
    categoryId: 2,
    priceCents: 9_000,
    name: 'Oxblood Hoodie',
    bgName: 'Суитшърт Бордо',
  });
  tee = await createProduct(t.db, {
    categoryId: 3,
    priceCents: 4_500,
    name: 'Street Tee',
    bgName: 'Тениска Улица',
    sizes: ['XL'],
  });
  // The jacket is sold out in M, in every colour.
  await t.db.update(productStock).set({ onHand: 0 }).where(eq(productStock.size, 'M'));
  await heard(t.app);
});
afterAll(() => t.close());

const ids = async (query: string) => {
  const answer = await t.app.inject(`/api/products?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ id: number }[]>().map((product) => product.id);
};

describe('searching the catalogue (?q=)', () => {
  it('finds by an English word, a Bulgarian word in any case, and a word without its accents', async () => {
    expect(await ids('q=bomber')).toEqual([jacket.id]);
    expect(await ids('q=ЯКЕ')).toEqual([jacket.id]);
    expect(await ids(`q=${encodeURIComponent('бордо')}&lang=bg`)).toEqual([hoodie.id]);
    expect(await ids('q=elan')).toEqual([jacket.id]);
    expect(await ids(`q=${encodeURIComponent('ÉLAN jacket')}`)).toEqual([jacket.id]);
    // Every word must match; none matching is an empty list, not an error.
    expect(await ids('q=oxblood+jacket')).toEqual([]);
    expect(await ids('q=nothing-like-this')).toEqual([]);
  });

  it('finds a word by its start or by a part inside it ("bomb" the bomber, "blood" the oxblood), with every word of the search', async () => {
    expect(await ids('q=bomb')).toEqual([jacket.id]);
    expect(await ids('q=blood')).toEqual([hoodie.id]);
    expect(await ids('q=blood+hood')).toEqual([hoodie.id]);
    expect(await ids('q=blood+bomb')).toEqual([]);
    // Inside two of the hoodie's words ("oxblood", "hoodie"): one word of the search, matched once.
    expect(await ids('q=ood')).toEqual([hoodie.id]);
  });

  it('finds by a colour name in either language', async () => {
    // Dearer than the jacket, its category's cheapest in the sorting tests below.
    const scarf = await createProduct(t.db, {
      name: 'Plain Scarf',
      priceCents: 90_000,
      colors: ['Saffron'],
      colorsBg: ['Шафран'],
    });
    await heard(t.app);
    expect(await ids('q=saffron')).toEqual([scarf.id]);
    expect(await ids(`q=${encodeURIComponent('шафран')}`)).toEqual([scarf.id]);
  });

  it('finds plural and inflected forms in both languages: "якета" the "яке", "суитшърти" the "суитшърт", "hoodies" the hoodie', async () => {
    const bg = (word: string) => `q=${encodeURIComponent(word)}&lang=bg`;
    expect(await ids(bg('якета'))).toEqual([jacket.id]);
    expect(await ids(bg('якето'))).toEqual([jacket.id]);
    expect(await ids(bg('суитшърти'))).toContain(hoodie.id);
    expect(await ids(bg('суитшъртите бордо'))).toEqual([hoodie.id]);
    expect(await ids(bg('тениски'))).toEqual([tee.id]);
    expect(await ids(bg('тениската'))).toEqual([tee.id]);
    expect(await ids('q=hoodies')).toContain(hoodie.id);
    expect(await ids('q=oxblood+hoodies')).toEqual([hoodie.id]);
    expect(await ids('q=jackets')).toEqual([jacket.id]);
    expect(await ids('q=tees')).toEqual([tee.id]);
    // The singular and the plural are one search: one answer, one place in the cache.
    const one = await t.app.inject('/api/products?q=Hoodies+oxblood');
    const other = await t.app.inject('/api/products?q=oxblood%20hoodie');
    expect(other.headers.etag).toBe(one.headers.etag);
  });

  it('ranks the products named by the words above those that only describe them, unless a sort is asked for', async () => {
    const layer = await createProduct(t.db, { categoryId: 2, name: 'Warm Layer', priceCents: 1_000 });
    await t.db
      .update(productTranslations)
      .set({ description: 'Worn under a parka on cold days.' })
      .where(and(eq(productTranslations.productId, layer.id), eq(productTranslations.language, 'en')));
    const parka = await createProduct(t.db, { categoryId: 2, name: 'Quilted Parka', priceCents: 2_000 });
    await heard(t.app);
    expect(await ids('q=parkas')).toEqual([parka.id, layer.id]);
    expect(await ids('q=parka&sort=price_asc')).toEqual([layer.id, parka.id]);
    expect(await ids('q=parka&sort=newest')).toEqual([parka.id, layer.id]);
  });

  it('folds case and marks alike on both sides', () => {
    expect(fold('Élégance ЯКЕ Ѝ')).toBe('elegance яке и');
  });

  it('follows catalogue changes: a product unpublished is no longer found', async () => {
    const gone = await createProduct(t.db, { name: 'Vanishing Cap' });
    await heard(t.app);
    expect(await ids('q=vanishing')).toEqual([gone.id]);
    await t.db.update(products).set({ publishedAt: null }).where(eq(products.id, gone.id));
    await heard(t.app);
    expect(await ids('q=vanishing')).toEqual([]);
  });
});

describe('sorting and filtering', () => {
  it('sorts by price both ways, by name and newest first', async () => {
    const ours = new Set([jacket.id, hoodie.id, tee.id]);
    const only = async (query: string) => (await ids(query)).filter((id) => ours.has(id));
    expect(await only('sort=price_asc')).toEqual([tee.id, hoodie.id, jacket.id]);
    expect(await only('sort=price_desc')).toEqual([jacket.id, hoodie.id, tee.id]);
    expect(await only('sort=name')).toEqual([jacket.id, hoodie.id, tee.id]);
    expect(await only('sort=name&lang=bg')).toEqual([hoodie.id, tee.id, jacket.id]);
    expect(await only('sort=newest')).toEqual([tee.id, hoodie.id, jacket.id]);
  });

  it('keeps products in stock in one of the sizes asked for, with the category', async () => {
    expect(await ids('size=M')).not.toContain(jacket.id);
    expect(await ids('size=M')).toContain(hoodie.id);
    expect(await ids('size=S')).toContain(jacket.id);
    expect(await ids('size=XL')).toEqual(expect.arrayContaining([hoodie.id, tee.id]));
    expect(await ids('size=XL&categoryId=3')).toEqual([tee.id]);
    expect(await ids('size=M,S&q=jacket')).toEqual([jacket.id]);
    expect(await ids('sort=price_asc&limit=1&categoryId=1')).toEqual([jacket.id]);
  });

  it('keeps, for a size and a colour, the products with that colour left in that size', async () => {
    const coat = await createProduct(t.db, {
      categoryId: 3,
      name: 'Field Coat',
      colors: ['Black', 'Red'],
      colorsBg: ['Черно', 'Червено'],
      sizes: ['S', 'M'],
      stock: 2,
    });
    const [black] = coat.colors;
    await t.db
      .update(productStock)
      .set({ onHand: 0 })
      .where(and(eq(productStock.colorId, black!.id), eq(productStock.size, 'M')));
    await heard(t.app);
    expect(await ids('size=M&color=Red&categoryId=3')).toEqual([coat.id]);
    // Black in M is sold out, though black is sold (in S) and M is sold (in red).
    expect(await ids('size=M&color=Black&categoryId=3')).toEqual([]);
    expect(await ids('size=M&categoryId=3')).toEqual([coat.id]);
    expect(await ids('color=black&categoryId=3')).toEqual([coat.id]);
    expect(await ids(`size=S,M&color=${encodeURIComponent('черно')}&categoryId=3`)).toEqual([coat.id]);
    expect(await ids(`size=M&color=${encodeURIComponent('Черно')}&categoryId=3`)).toEqual([]);
    expect(await ids('color=Green&categoryId=3')).toEqual([]);
  });

  it('refuses bad parameters with 400 and the field', async () => {
    for (const [query, field] of [
      ['sort=cheapest', 'sort'],
      ['size=XXXL', 'size'],
      ['size=', 'size'],
      [`q=${'a'.repeat(101)}`, 'q'],
      ['q=+', 'q'],
      ['color=+', 'color'],
    ] as const) {
      const answer = await t.app.inject(`/api/products?${query}`);
      expect(answer.statusCode, query).toBe(400);
      const fields = Object.keys(answer.json().fields ?? {});
      expect(
        fields.some((key) => key === field || key.startsWith(`${field}.`)),
        query,
      ).toBe(true);
    }
  });
});

describe('what Bulgarians type (issue 45)', () => {
  it('finds "худита" the худи, and a black colour by "черно", "черен", "черна", "черни" and "black"', async () => {
    const pump = await createProduct(t.db, {
      categoryId: 2,
      name: 'Pump Cover Hoodie',
      bgName: 'Худи Pump Cover',
      colors: ['Onyx'],
      colorsBg: ['Оникс'],
    });
    const olive = await createProduct(t.db, {
      categoryId: 2,
      name: 'Field Hoodie',
      bgName: 'Худи Field',
      colors: ['Olive'],
      colorsBg: ['Маслинено зелено'],
    });
    await heard(t.app);
    const bg = (words: string) => `q=${encodeURIComponent(words)}&lang=bg`;
    for (const hoodies of ['худи', 'худита', 'худитата']) {
      expect(await ids(bg(hoodies)), hoodies).toEqual(expect.arrayContaining([pump.id, olive.id]));
    }
    for (const black of ['черно худи', 'черен худи', 'черна худи', 'черни худита', 'черното худи', 'black hoodie']) {
      const found = await ids(bg(black));
      expect(found, black).toContain(pump.id);
      expect(found, black).not.toContain(olive.id);
    }
    for (const green of ['зелено худи', 'зелени худита', 'green hoodie']) {
      const found = await ids(bg(green));
      expect(found, green).toContain(olive.id);
      expect(found, green).not.toContain(pump.id);
    }
  });
});
