import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/contract';
import i18n from '../lib/i18n';
import { SETTINGS } from '../test/settings';
import { pageHead } from './seo-head';

const PRODUCT: Product = {
  id: 7,
  name: 'Elan Jacket',
  description: 'A wool jacket.',
  price: 168,
  regularPrice: 240,
  sale: { priorPrice: 240, percentOff: 30, endsAt: '2026-11-30T21:59:00.000Z' },
  categoryId: 1,
  imageUrl: '/files/jacket',
  published: true,
  translations: [{ language: 'en', name: 'Elan Jacket', description: 'A wool jacket.', imageUrl: '/files/jacket' }],
  colors: [],
  sizes: [{ id: 1, size: 'M' }],
  stockTracked: false,
  stock: [],
};

/** The Product block's Offer of the page's head. */
function offerOf(product: Product) {
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
    (match) => JSON.parse(match[1]!) as { '@type': string; offers?: Record<string, unknown> },
  );
  return blocks.find((block) => block['@type'] === 'Product')!.offers!;
}

describe('the product page’s Offer (JSON-LD)', () => {
  it('during a sale is the sale price, valid until the sale’s last day in the shop’s time', () => {
    const offer = offerOf(PRODUCT);
    expect(offer.price).toBe('168.00');
    // 23:59 in Sofia on 30 November (21:59 UTC).
    expect(offer.priceValidUntil).toBe('2026-11-30');
  });

  it('says no end for a sale that runs until it is ended, nor without a sale', () => {
    expect(offerOf({ ...PRODUCT, sale: { priorPrice: 240, percentOff: 30, endsAt: null } })).not.toHaveProperty(
      'priceValidUntil',
    );
    const regular = offerOf({ ...PRODUCT, price: 240, sale: null });
    expect(regular.price).toBe('240.00');
    expect(regular).not.toHaveProperty('priceValidUntil');
  });

  it('takes the day in Sofia, not in UTC', () => {
    // 00:30 on 1 December in Sofia is still 30 November in UTC.
    expect(
      offerOf({ ...PRODUCT, sale: { priorPrice: 240, percentOff: 30, endsAt: '2026-11-30T22:30:00Z' } }),
    ).toMatchObject({
      priceValidUntil: '2026-12-01',
    });
  });
});
