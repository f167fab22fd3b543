import {
  colorNameIn,
  PRODUCT_SORTS,
  SIZES,
  soldIn,
  sortProducts,
  type Language,
  type Product,
  type ProductSort,
  type Size,
} from '@shop/contract';
import { FILTER_PARAMS } from './filter-params';

/** The clothing page's filters, as its address carries them (`?size=M,L&color=Onyx&min=50&max=200&sort=price_asc`). */
export interface CatalogFilters {
  sizes: Size[];
  color: string;
  min: number | null;
  max: number | null;
  sort: ProductSort | null;
}

const price = (raw: string | null) => {
  if (raw === null || !/^\d{1,7}(\.\d{1,2})?$/.test(raw)) return null;
  return Number(raw);
};

/** The filters of an address; whatever is not understood is left out, never an error. */
export function readFilters(params: URLSearchParams): CatalogFilters {
  const sizes = (params.get('size') ?? '')
    .split(',')
    .filter((size): size is Size => (SIZES as readonly string[]).includes(size));
  const sort = params.get('sort');
  return {
    sizes: [...new Set(sizes)],
    color: (params.get('color') ?? '').trim().slice(0, 60),
    min: price(params.get('min')),
    max: price(params.get('max')),
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ProductSort) : null,
  };
}

/**
 * `next`, a change the bar made to the filters it was shown (`shown`), made on the filters the
 * address holds now (`live`): a change just before may be in the address and not yet on the
 * screen (a slow device renders a navigation later), and building on `shown` would undo it.
 */
export function rebaseFilters(live: CatalogFilters, shown: CatalogFilters, next: CatalogFilters): CatalogFilters {
  const changed = Object.fromEntries(
    Object.entries(next).filter(([name, value]) => value !== shown[name as keyof CatalogFilters]),
  );
  return { ...live, ...changed };
}

/** The address's query for `filters` (the other parameters of `current` kept). */
export function writeFilters(current: URLSearchParams, filters: CatalogFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of FILTER_PARAMS) next.delete(name);
  if (filters.sizes.length > 0) next.set('size', filters.sizes.join(','));
  if (filters.color) next.set('color', filters.color);
  if (filters.min !== null) next.set('min', String(filters.min));
  if (filters.max !== null) next.set('max', String(filters.max));
  if (filters.sort) next.set('sort', filters.sort);
  return next;
}

export const hasFilters = (filters: CatalogFilters) =>
  filters.sizes.length > 0 || Boolean(filters.color) || filters.min !== null || filters.max !== null;

/** How many filters narrow the list: each size, the colour, the price range. */
export const activeFilters = (filters: CatalogFilters) =>
  filters.sizes.length + (filters.color ? 1 : 0) + (filters.min !== null || filters.max !== null ? 1 : 0);

/** The products that pass the filters (a size and a colour: that colour left in that size), sorted as asked (else in the catalogue's order). */
export function applyFilters(products: readonly Product[], filters: CatalogFilters, lang: Language): Product[] {
  const sizes = new Set(filters.sizes);
  const kept = products.filter(
    (product) =>
      soldIn(product, sizes, filters.color) &&
      (filters.min === null || product.price >= filters.min) &&
      (filters.max === null || product.price <= filters.max),
  );
  return filters.sort ? sortProducts(kept, filters.sort, lang) : kept;
}

/** A colour to filter by: its English name in the address (the same in every language), its name in `lang` shown. */
export interface ColorChoice {
  value: string;
  label: string;
}

/**
 * Alphabetical order for colour names without ICU, whose collation data the first `Intl.Collator`
 * of a page loads (some milliseconds of the catalogue's start; decision 0045): the letters of
 * English and of Bulgarian are in their alphabet's order in Unicode.
 */
function alphabetical(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Every colour of the catalogue, once, in the language's order. */
export function colorChoices(products: readonly Product[], lang: Language): ColorChoice[] {
  const choices = new Map<string, ColorChoice>();
  for (const product of products) {
    for (const color of product.colors) {
      const key = color.colorName.toLowerCase();
      if (!choices.has(key)) choices.set(key, { value: color.colorName, label: colorNameIn(color, lang) });
    }
  }
  return [...choices.values()].sort((a, b) => alphabetical(a.label, b.label));
}
