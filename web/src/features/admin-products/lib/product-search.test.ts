import { describe, expect, it } from 'vitest';
import { matchesProductSearch } from './product-search';

const product = {
  name: 'Noir Silk Bomber',
  translations: [
    { language: 'en' as const, name: 'Noir Silk Bomber', description: '', imageUrl: '' },
    { language: 'bg' as const, name: 'Копринен бомбър Ноар', description: '', imageUrl: '' },
  ],
  styleCode: 'AN-JKT-014',
  variants: [
    { colorId: 1, size: 'M' as const, sku: 'AN-JKT-014-ONYX-M' },
    { colorId: 2, size: 'L' as const, sku: 'SPECIAL-77' },
  ],
};

describe('the admin product search', () => {
  it('finds a product by its style code or a SKU, in any case', () => {
    expect(matchesProductSearch(product, 'an-jkt-014')).toBe(true);
    expect(matchesProductSearch(product, 'ONYX-M')).toBe(true);
    expect(matchesProductSearch(product, 'special-77')).toBe(true);
    expect(matchesProductSearch(product, 'AN-JKT-015')).toBe(false);
  });

  it('finds it by words of its name in either language; every word must match', () => {
    expect(matchesProductSearch(product, 'silk bomber')).toBe(true);
    expect(matchesProductSearch(product, 'бомбър')).toBe(true);
    expect(matchesProductSearch(product, 'silk trousers')).toBe(false);
    expect(matchesProductSearch(product, '   ')).toBe(true);
  });

  it('works without a style code or variants', () => {
    expect(matchesProductSearch({ ...product, styleCode: null, variants: undefined }, 'AN-JKT')).toBe(false);
  });
});
