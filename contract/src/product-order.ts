import type { Language, ProductSort, Size } from './constants.js';
import type { Product } from './catalog.js';

/**
 * How products are sorted and filtered by size, the same in the api (`GET /products?sort=&size=`)
 * and on the clothing page (which filters the catalogue it already has).
 */

const collators = new Map<Language | undefined, Intl.Collator>();
/**
 * The alphabetical order of `lang` (any language's when none), ignoring case and accents. One
 * collator per language is kept: `localeCompare` with a locale builds a new one at each call,
 * some milliseconds for a list of a few dozen names.
 */
export const collator = (lang?: Language): Intl.Collator => {
  let found = collators.get(lang);
  if (!found) collators.set(lang, (found = new Intl.Collator(lang, { sensitivity: 'base' })));
  return found;
};

const ORDER: Record<ProductSort, (lang: Language) => (a: Product, b: Product) => number> = {
  newest: () => (a, b) => b.id - a.id,
  price_asc: () => (a, b) => a.price - b.price || a.id - b.id,
  price_desc: () => (a, b) => b.price - a.price || a.id - b.id,
  name: (lang) => (a, b) => collator(lang).compare(a.name, b.name) || a.id - b.id,
};

/** A sorted copy (`name` in the language's alphabet); ties go to the older product. */
export const sortProducts = (products: readonly Product[], sort: ProductSort, lang: Language): Product[] =>
  [...products].sort(ORDER[sort](lang));

/** Sold in one of `sizes`: some colour has some left (an untracked product: every size it comes in). */
export const soldInSizes = (product: Product, sizes: ReadonlySet<Size>): boolean => soldIn(product, sizes);

const sameName = (a: string, b: string) => collator().compare(a, b) === 0;

/**
 * What the size and colour filters keep: a product in the colour named `color` (its English or
 * Bulgarian name, any case and accents; any colour when none) and, when `sizes` are asked for,
 * with that colour left in one of them: "black in M" is not a black product that has only a red M.
 * An untracked product is sold in every colour and size it comes in.
 */
export function soldIn(product: Product, sizes: ReadonlySet<Size> | null, color?: string | null): boolean {
  const colors = color
    ? product.colors.filter((entry) => sameName(entry.colorName, color) || sameName(entry.colorNameBg, color))
    : product.colors;
  if (color && colors.length === 0) return false;
  if (!sizes || sizes.size === 0) return true;
  if (!product.stockTracked) return product.sizes.some((entry) => sizes.has(entry.size));
  const ids = new Set(colors.map((entry) => entry.id));
  return product.stock.some(
    (entry) => entry.available > 0 && sizes.has(entry.size) && (!color || ids.has(entry.colorId)),
  );
}
