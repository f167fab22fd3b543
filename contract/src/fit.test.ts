import { describe, expect, it } from 'vitest';
import { SIZES } from './constants.js';
import { colorCode, deriveSku, ProductDetailsBodySchema, productVariants, type Fit } from './fit.js';
import { EASE_CM, FIT_TYPES, readBody, suggestSize, type FitType } from './size-suggestion.js';

const body = (chestCm: number, heightCm = 180) => ({ heightCm, chestCm });

/** A top cut on 6 cm steps from an XS chest of 84 cm plus the fit's middle ease. */
function top(type: FitType, extra: Partial<Fit> = {}): Fit {
  const [low, high] = EASE_CM[type].chest;
  return {
    type,
    measurements: SIZES.map((size, index) => ({ size, chestCm: 84 + index * 6 + (low + high) / 2 })),
    ...extra,
  };
}

describe('suggestSize', () => {
  it('suggests the size cut for the body, for every fit type', () => {
    for (const type of FIT_TYPES) {
      SIZES.forEach((size, index) => {
        expect(suggestSize(top(type), body(84 + index * 6))).toMatchObject({ size, basis: ['chest'] });
      });
    }
  });

  it('suggests a size for every body between the smallest and the largest size (ranges cover a 6 cm step)', () => {
    for (const type of FIT_TYPES) {
      for (let chest = 84; chest <= 114; chest += 0.5) {
        const suggestion = suggestSize(top(type), body(chest));
        expect(suggestion.size, `${type} ${chest}`).not.toBeNull();
      }
    }
  });

  it('never suggests a smaller size for a larger body (monotonic)', () => {
    for (const type of FIT_TYPES) {
      let last = -1;
      for (let chest = 84; chest <= 114; chest += 0.5) {
        const { size } = suggestSize(top(type), body(chest));
        const index = SIZES.indexOf(size!);
        expect(index).toBeGreaterThanOrEqual(last);
        last = index;
      }
    }
  });

  it('keeps the ease of the suggested size within the fit type’s range', () => {
    const suggestion = suggestSize(top('slim'), body(97));
    expect(suggestion).toMatchObject({ size: 'M' });
    if (suggestion.size) {
      expect(suggestion.easeCm.chest).toBeGreaterThanOrEqual(EASE_CM.slim.chest[0]);
      expect(suggestion.easeCm.chest).toBeLessThanOrEqual(EASE_CM.slim.chest[1]);
    }
  });

  it('says when the body is outside the table', () => {
    expect(suggestSize(top('regular'), body(70))).toEqual({ size: null, reason: 'too-small' });
    expect(suggestSize(top('regular'), body(130))).toEqual({ size: null, reason: 'too-large' });
  });

  it('suggests the nearer of two sizes the table leaves apart, and which way it runs (issue 45)', () => {
    // Regular fit (ease 8–16) on S 86 / M 100 / L 114, chest 96: M would be 4 cm too snug, L 2 cm too loose.
    const regular: Fit = {
      type: 'regular',
      measurements: [
        { size: 'S', chestCm: 86 },
        { size: 'M', chestCm: 100 },
        { size: 'L', chestCm: 114 },
      ],
    };
    expect(suggestSize(regular, body(96))).toEqual({
      size: 'L',
      basis: ['chest'],
      easeCm: { chest: 18 },
      between: { smaller: 'M', larger: 'L', runs: 'loose' },
    });
    // Chest 94: M is 2 cm too snug, L 4 cm too loose.
    expect(suggestSize(regular, body(94))).toMatchObject({
      size: 'M',
      between: { smaller: 'M', larger: 'L', runs: 'tight' },
    });
    // Within a range: no word on running small or large.
    expect(suggestSize(regular, body(90))).not.toHaveProperty('between');
  });

  it('cannot tell when the measurements pull two ways between sizes', () => {
    const dress: Fit = {
      type: 'regular',
      measurements: [
        { size: 'XS', chestCm: 86, waistCm: 70 },
        { size: 'S', chestCm: 96, waistCm: 86 },
        { size: 'M', chestCm: 110, waistCm: 96 },
      ],
    };
    // S, the nearest: its chest 2 cm too snug, its waist 4 cm too loose.
    expect(suggestSize(dress, { heightCm: 170, chestCm: 90, waistCm: 74 })).toEqual({
      size: null,
      reason: 'between-sizes',
    });
  });

  it('cannot tell without the measurement the shopper gave', () => {
    const trousers: Fit = { type: 'regular', measurements: [{ size: 'M', waistCm: 85 }] };
    expect(suggestSize(trousers, body(96))).toEqual({ size: null, reason: 'no-measurements' });
    expect(suggestSize(null, body(96))).toEqual({ size: null, reason: 'no-measurements' });
    expect(suggestSize(trousers, { heightCm: 180, waistCm: 80 })).toMatchObject({ size: 'M', basis: ['waist'] });
  });

  it('uses chest and waist together when both are given', () => {
    const dress: Fit = {
      type: 'slim',
      measurements: [
        { size: 'S', chestCm: 97, waistCm: 77 },
        { size: 'M', chestCm: 103, waistCm: 83 },
      ],
    };
    // The chest alone says S; a waist of 78 needs M (and the chest still fits it).
    expect(suggestSize(dress, { heightCm: 170, chestCm: 90 })).toMatchObject({ size: 'S' });
    expect(suggestSize(dress, { heightCm: 170, chestCm: 94, waistCm: 78 })).toMatchObject({
      size: 'M',
      basis: ['chest', 'waist'],
    });
  });

  it('takes no fit type as regular', () => {
    expect(suggestSize({ measurements: top('regular').measurements }, body(96))).toMatchObject({ size: 'M' });
  });

  it('breaks a tie by the model’s height: taller the larger, shorter the smaller', () => {
    // 99 cm is 3 cm from the middle of M and of L in a regular fit.
    const fit = top('regular', { modelHeightCm: 183, modelSize: 'M' });
    expect(suggestSize(fit, body(99, 195))).toMatchObject({ size: 'L' });
    expect(suggestSize(fit, body(99, 165))).toMatchObject({ size: 'M' });
    expect(suggestSize(fit, body(99, 183))).toMatchObject({ size: 'M' });
    expect(suggestSize(top('regular'), body(99, 165))).toMatchObject({ size: 'L' });
  });
});

describe('find my size input', () => {
  it('needs the height and the chest or the waist, each within its limits', () => {
    expect(readBody({ heightCm: 180 })).toEqual({ wrong: ['chestCm'] });
    expect(readBody({})).toEqual({ wrong: ['heightCm', 'chestCm'] });
    expect(readBody({ heightCm: 300, chestCm: 90 })).toEqual({ wrong: ['heightCm'] });
    expect(readBody({ heightCm: 180, chestCm: Number.NaN, waistCm: 40 })).toEqual({ wrong: ['chestCm', 'waistCm'] });
    expect(readBody({ heightCm: 180, waistCm: 80 })).toEqual({
      body: { heightCm: 180, chestCm: undefined, waistCm: 80 },
    });
    expect(readBody({ heightCm: 120, chestCm: 160 })).toEqual({
      body: { heightCm: 120, chestCm: 160, waistCm: undefined },
    });
  });
});

describe('SKUs', () => {
  it('derives <styleCode>-<colour>-<size> with the colour in upper case, letters and digits', () => {
    expect(deriveSku('AN-JKT-014', 'Slate Blue', 3, 'M')).toBe('AN-JKT-014-SLATEBLUE-M');
    expect(colorCode('Черно', 9)).toBe('C9');
    expect(colorCode('Crème', 2)).toBe('CREME');
  });

  it('lists a SKU per colour × size, the set ones first in place of the derived', () => {
    const colors = [
      { id: 1, colorName: 'Onyx' },
      { id: 2, colorName: 'Bone' },
    ];
    expect(productVariants('AN-1', colors, ['S', 'M'], [{ colorId: 2, size: 'S', sku: 'SPECIAL-1' }])).toEqual([
      { colorId: 1, size: 'S', sku: 'AN-1-ONYX-S' },
      { colorId: 1, size: 'M', sku: 'AN-1-ONYX-M' },
      { colorId: 2, size: 'S', sku: 'SPECIAL-1' },
      { colorId: 2, size: 'M', sku: 'AN-1-BONE-M' },
    ]);
    expect(productVariants(null, colors, ['S'], [])).toEqual([]);
  });

  it('reads style codes and SKUs in upper case and refuses other characters', () => {
    expect(ProductDetailsBodySchema.parse({ styleCode: ' an-jkt-014 ' }).styleCode).toBe('AN-JKT-014');
    const refused = ProductDetailsBodySchema.safeParse({ styleCode: 'AN JKT' });
    expect(refused.error?.issues[0]?.message).toMatch(/letters and digits/);
    expect(
      ProductDetailsBodySchema.safeParse({
        variants: [
          { colorId: 1, size: 'M', sku: 'A-1' },
          { colorId: 1, size: 'M', sku: 'A-2' },
        ],
      }).success,
    ).toBe(false);
    expect(
      ProductDetailsBodySchema.safeParse({
        fit: {
          measurements: [
            { size: 'M', chestCm: 100 },
            { size: 'M', chestCm: 104 },
          ],
        },
      }).success,
    ).toBe(false);
  });
});
