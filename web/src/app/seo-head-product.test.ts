import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/contract';
import i18n from '../lib/i18n';
import { SETTINGS } from '../test/settings';
import { pageHead } from './seo-head';

const PRODUCT: Product = {
  id: 7,
  name: 'Elan Jacket',
  description: 'A wool jacket.',
  price: 240,
  regularPrice: 240,
  sale: null,
  categoryId: 1,
  imageUrl: '/files/jacket',
  published: true,
  translations: [{ language: 'en', name: 'Elan Jacket', description: 'A wool jacket.', imageUrl: '/files/jacket' }],
  colors: [],
  sizes: [{ id: 1, size: 'M' }],
  stockTracked: false,
  stock: [],
};

/** The Product block of the product page's head (JSON-LD). */
function productBlock(product: Product) {
  const head = pageHead({
    route: 'product/:productId',
    path: '/product/7',
    lang: 'en',
    t: i18n.t,
    title: product.name,
    origin: 'https://shop.example',
    product,
    settings: SETTINGS,
  });
  return [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
    .find((block) => block['@type'] === 'Product')!;
}

describe('the product page’s Offer (JSON-LD)', () => {
  const onSale = (endsAt: string | null): Product => ({
    ...PRODUCT,
    price: 168,
    sale: { priorPrice: 240, percentOff: 30, endsAt },
  });
  const offerOf = (product: Product) => productBlock(product).offers as Record<string, unknown>;

  it('during a sale is the sale price, valid until the sale’s last day in the shop’s time', () => {
    const offer = offerOf(onSale('2026-11-30T21:59:00.000Z'));
    expect(offer.price).toBe('168.00');
    // 23:59 in Sofia on 30 November (21:59 UTC).
    expect(offer.priceValidUntil).toBe('2026-11-30');
  });

  it('says no end for a sale that runs until it is ended, nor without a sale', () => {
    expect(offerOf(onSale(null))).not.toHaveProperty('priceValidUntil');
    const regular = offerOf(PRODUCT);
    expect(regular.price).toBe('240.00');
    expect(regular).not.toHaveProperty('priceValidUntil');
  });

  it('takes the day in Sofia, not in UTC', () => {
    // 00:30 on 1 December in Sofia is still 30 November in UTC.
    expect(offerOf(onSale('2026-11-30T22:30:00Z'))).toMatchObject({ priceValidUntil: '2026-12-01' });
  });
});

describe('the product page’s AggregateRating (JSON-LD)', () => {
  it('carries the published reviews’ average and count once there is one', () => {
    expect(productBlock({ ...PRODUCT, rating: { average: 4.3, count: 7 } }).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 7,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('is left out while there is none', () => {
    expect(productBlock({ ...PRODUCT, rating: null })).not.toHaveProperty('aggregateRating');
    expect(productBlock(PRODUCT)).not.toHaveProperty('aggregateRating');
  });
});

describe('the product page’s JSON-LD identifiers', () => {
  it('carries the style code as the sku and productID', () => {
    expect(productBlock({ ...PRODUCT, styleCode: 'AN-JKT-014' })).toMatchObject({
      sku: 'AN-JKT-014',
      productID: 'AN-JKT-014',
    });
  });

  it('keeps the product id as the sku without a style code', () => {
    const block = productBlock({ ...PRODUCT, styleCode: null });
    expect(block.sku).toBe('7');
    expect(block).not.toHaveProperty('productID');
  });
});

describe('the product page’s JSON-LD images (issue 31)', () => {
  it('lists every picture of every colour once, in order', () => {
    const product: Product = {
      ...PRODUCT,
      imageUrl: '/files/onyx',
      colors: [
        {
          id: 1,
          colorName: 'Onyx',
          colorNameBg: '',
          imageUrl: '/files/onyx',
          hoverImage: '/files/onyx-back',
          images: ['/files/onyx', '/files/onyx-side', '/files/onyx-detail'],
        },
        { id: 2, colorName: 'Sand', colorNameBg: '', imageUrl: '/files/sand', hoverImage: '/files/sand-back' },
      ],
    };
    expect(productBlock(product).image).toEqual([
      'https://shop.example/files/onyx',
      'https://shop.example/files/onyx-side',
      'https://shop.example/files/onyx-detail',
      'https://shop.example/files/sand',
    ]);
  });
});

describe('the product page’s manufacturer (JSON-LD, Regulation (EU) 2023/988 Art. 19)', () => {
  it('is the seller with its postal and electronic address, unless the product names another', () => {
    expect(productBlock(PRODUCT).manufacturer).toEqual({
      '@type': 'Organization',
      name: SETTINGS.seller.legalName,
      address: SETTINGS.seller.address,
      email: SETTINGS.seller.email,
    });
    const maker = {
      name: 'Tekstil Plovdiv AD',
      address: 'ul. Industrialna 4, Plovdiv',
      email: 'safety@tekstil.example',
    };
    expect(productBlock({ ...PRODUCT, manufacturer: maker }).manufacturer).toEqual({
      '@type': 'Organization',
      ...maker,
    });
  });
});
