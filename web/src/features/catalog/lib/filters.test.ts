import type { Product } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { applyFilters, colorChoices, readFilters, rebaseFilters, type CatalogFilters } from './filters';

const product = (id: number, stock: Product['stock']): Product => ({
  id,
  name: `Coat ${id}`,
  description: 'A coat.',
  price: 100,
  regularPrice: 100,
  sale: null,
  categoryId: 3,
  imageUrl: '/files/main',
  published: true,
  translations: [],
  colors: [
    { id: id * 10 + 1, colorName: 'Black', colorNameBg: 'Черно', imageUrl: '/files/a', hoverImage: '/files/b' },
    { id: id * 10 + 2, colorName: 'Red', colorNameBg: 'Червено', imageUrl: '/files/c', hoverImage: '/files/d' },
  ],
  sizes: [
    { id: 1, size: 'S' },
    { id: 2, size: 'M' },
  ],
  stockTracked: true,
  stock,
});

// Black is left only in S, red only in M.
const coat = product(1, [
  { colorId: 11, size: 'S', available: 2 },
  { colorId: 11, size: 'M', available: 0 },
  { colorId: 12, size: 'S', available: 0 },
  { colorId: 12, size: 'M', available: 3 },
]);
// Black in M.
const other = product(2, [
  { colorId: 21, size: 'M', available: 1 },
  { colorId: 22, size: 'M', available: 0 },
]);

const kept = (query: string) =>
  applyFilters([coat, other], readFilters(new URLSearchParams(query)), 'en').map((found) => found.id);

describe('the clothing filters', () => {
  it('make a change on the address as it is now, keeping a change not yet on the screen', () => {
    const none: CatalogFilters = { sizes: [], color: '', min: null, max: null, sort: null };
    const live: CatalogFilters = { ...none, sizes: ['M'] };
    expect(rebaseFilters(live, none, { ...none, sort: 'price_asc' })).toEqual({ ...live, sort: 'price_asc' });
    expect(rebaseFilters(live, live, { ...live, sizes: [] })).toEqual(none);
  });

  it('keep, for a size and a colour, only the products with that colour left in that size', () => {
    expect(kept('size=M&color=Black')).toEqual([2]);
    expect(kept('size=M&color=Red')).toEqual([1]);
    expect(kept('size=S&color=Black')).toEqual([1]);
    expect(kept('size=S&color=Red')).toEqual([]);
    expect(kept('size=S,M&color=Red')).toEqual([1]);
  });

  it('keep a size alone or a colour alone as before', () => {
    expect(kept('size=M')).toEqual([1, 2]);
    expect(kept('size=S')).toEqual([1]);
    expect(kept('color=red')).toEqual([1, 2]);
    expect(kept('')).toEqual([1, 2]);
  });

  it('offer every colour once, in the alphabet of the page’s language', () => {
    const coloured = (id: number, names: [string, string][]): Product => ({
      ...coat,
      id,
      colors: names.map(([colorName, colorNameBg], index) => ({
        id: id * 10 + index,
        colorName,
        colorNameBg,
        imageUrl: '/files/a',
        hoverImage: '/files/b',
      })),
    });
    const products = [
      coloured(1, [
        ['Sand', 'Пясъчно'],
        ['black', 'Черно'],
      ]),
      coloured(2, [
        ['Black', 'Черно'],
        ['Ivory', 'Слонова кост'],
        ['Bordeaux', 'Бордо'],
      ]),
    ];
    expect(colorChoices(products, 'en').map((choice) => choice.label)).toEqual(['black', 'Bordeaux', 'Ivory', 'Sand']);
    expect(colorChoices(products, 'bg')).toEqual([
      { value: 'Bordeaux', label: 'Бордо' },
      { value: 'Sand', label: 'Пясъчно' },
      { value: 'Ivory', label: 'Слонова кост' },
      { value: 'black', label: 'Черно' },
    ]);
  });
});
