import type { Language, ProductSort, Size } from './constants.js';
import type { Product } from './catalog.js';

/**
 * How products are sorted and filtered by size, the same in the api (`GET /products?sort=&size=`)
 * and on the clothing page (which filters the catalogue it already has).
 */

const collators = new Map<Language, Intl.Collator>();
const collator = (lang: Language) => {
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
export function soldInSizes(product: Product, sizes: ReadonlySet<Size>): boolean {
  if (!product.stockTracked) return product.sizes.some((entry) => sizes.has(entry.size));
  return product.stock.some((entry) => entry.available > 0 && sizes.has(entry.size));
}
