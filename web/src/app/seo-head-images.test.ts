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
  imageUrl: '/files/onyx',
  published: true,
  translations: [{ language: 'en', name: 'Elan Jacket', description: 'A wool jacket.', imageUrl: '/files/onyx' }],
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
  sizes: [{ id: 1, size: 'M' }],
  stockTracked: false,
  stock: [],
};

describe('the product page’s JSON-LD images (issue 31)', () => {
  it('lists every picture of every colour once, in order', () => {
    const head = pageHead({
      route: 'product/:productId',
      path: '/product/7',
      lang: 'en',
      t: i18n.t,
      title: PRODUCT.name,
      origin: 'https://shop.example',
      product: PRODUCT,
      settings: SETTINGS,
    });
    const blocks = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as { '@type': string; image?: string[] },
    );
    expect(blocks.find((block) => block['@type'] === 'Product')!.image).toEqual([
      'https://shop.example/files/onyx',
      'https://shop.example/files/onyx-side',
      'https://shop.example/files/onyx-detail',
      'https://shop.example/files/sand',
    ]);
  });
});
