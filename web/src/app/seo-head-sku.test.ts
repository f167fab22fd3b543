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
