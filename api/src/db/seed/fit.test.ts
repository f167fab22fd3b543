import { FitSchema, SIZES, StyleCodeSchema, suggestSize, type Size } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from './catalogue.js';
import { seedFit } from './fit.js';

/** Typical bodies of each size (a common unisex chart), and between two sizes. */
const BODIES: { size: Size; chestCm: number; waistCm: number }[] = [
  { size: 'XS', chestCm: 84, waistCm: 68 },
  { size: 'S', chestCm: 90, waistCm: 74 },
  { size: 'M', chestCm: 96, waistCm: 80 },
  { size: 'L', chestCm: 102, waistCm: 86 },
  { size: 'XL', chestCm: 108, waistCm: 92 },
  { size: 'XXL', chestCm: 114, waistCm: 98 },
];
const near = (a: Size, b: Size) => Math.abs(SIZES.indexOf(a) - SIZES.indexOf(b)) <= 1;

describe('the demo catalogue’s size and fit', () => {
  const catalogue = SEED_PRODUCTS.map((product) => ({ product, ...seedFit(product.key, product.sizes) }));

  it('gives every product a unique style code, a fit and measurements in each of its sizes', () => {
    const codes = catalogue.map(({ styleCode }) => styleCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const { product, styleCode, fit } of catalogue) {
      expect(StyleCodeSchema.parse(styleCode)).toBe(styleCode);
      expect(FitSchema.parse(fit)).toEqual(fit);
      expect(fit?.type).toBeTruthy();
      expect(fit?.note?.en && fit.note.bg).toBeTruthy();
      expect(product.sizes).toContain(fit?.modelSize);
      expect(fit?.measurements?.map((row) => row.size)).toEqual(product.sizes);
    }
  });

  it('suggests the size cut for a typical body, from its chest (tops, dresses) or waist (trousers)', () => {
    for (const { product, fit } of catalogue) {
      for (const body of BODIES.filter(({ size }) => product.sizes.includes(size))) {
        for (const heightCm of [160, 175, 190]) {
          const byChest = suggestSize(fit, { heightCm, chestCm: body.chestCm });
          const byWaist = suggestSize(fit, { heightCm, waistCm: body.waistCm });
          const told = [byChest, byWaist].filter((suggestion) => suggestion.size !== null);
          expect(told.length, `${product.key} ${body.size}`).toBeGreaterThan(0);
          for (const suggestion of told)
            expect(suggestion.size, `${product.key} ${body.size} ${heightCm}`).toBe(body.size);
        }
      }
    }
  });

  it('suggests a neighbouring size for a body between two sizes, and says so outside the table', () => {
    for (const { product, fit } of catalogue) {
      const measured = fit?.measurements?.[0]?.chestCm ? 'chestCm' : 'waistCm';
      for (const [smaller, larger] of BODIES.slice(0, -1).map((body, index) => [body, BODIES[index + 1]!] as const)) {
        if (!product.sizes.includes(smaller.size) || !product.sizes.includes(larger.size)) continue;
        const between = (smaller[measured] + larger[measured]) / 2;
        const { size } = suggestSize(fit, { heightCm: 175, [measured]: between });
        expect(size, `${product.key} ${smaller.size}/${larger.size}`).not.toBeNull();
        expect(near(size!, smaller.size) && near(size!, larger.size)).toBe(true);
      }
      expect(suggestSize(fit, { heightCm: 175, [measured]: 150 })).toEqual({ size: null, reason: 'too-large' });
    }
  });
});
