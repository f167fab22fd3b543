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

/** The Product block of the product page's head. */
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
  const blocks = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  return blocks.find((block) => block['@type'] === 'Product')!;
}

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
