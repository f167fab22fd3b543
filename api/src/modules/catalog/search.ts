import type { Language, Product, ProductSort, Size } from '@shop/contract';

export interface ProductQuery {
  categoryId?: number | undefined;
  q?: string | undefined;
  sort?: ProductSort | undefined;
  size?: Size[] | undefined;
  limit?: number | undefined;
}

/** One product ready to be searched: its words in both languages, without case or accents. */
export interface Indexed {
  product: Product;
  text: string;
}

/**
 * Lower case without marks: "Élégance" → "elegance", "Яке" → "яке", "ѝ" → "и". The same for
 * what is searched and what is searched for, so either may carry accents or not.
 */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en');

/** Every published product with the words it is found by: names, descriptions and colours in both languages. */
export function indexProducts(products: Product[]): Indexed[] {
  return products.map((product) => ({
    product,
    text: fold(
      [
        ...product.translations.flatMap((translation) => [translation.name, translation.description]),
        ...product.colors.map((color) => color.colorName),
      ].join('\n'),
    ),
  }));
}

/** Sold in this size: any colour of it has some left (an untracked product: every size it comes in). */
function inStock(product: Product, sizes: ReadonlySet<Size>): boolean {
  if (!product.stockTracked) return product.sizes.some((entry) => sizes.has(entry.size));
  return product.stock.some((entry) => entry.available > 0 && sizes.has(entry.size));
}

const collators: Record<Language, Intl.Collator> = {
  en: new Intl.Collator('en', { sensitivity: 'base' }),
  bg: new Intl.Collator('bg', { sensitivity: 'base' }),
};

const ORDER: Record<ProductSort, (lang: Language) => (a: Product, b: Product) => number> = {
  newest: () => (a, b) => b.id - a.id,
  price_asc: () => (a, b) => a.price - b.price || a.id - b.id,
  price_desc: () => (a, b) => b.price - a.price || a.id - b.id,
  name: (lang) => (a, b) => collators[lang].compare(a.name, b.name) || a.id - b.id,
};

/**
 * The products that match: every word of `q` somewhere in the product's words, of the category,
 * in one of the sizes; in the order asked for (else the catalogue's), the first `limit`.
 */
export function findProducts(index: Indexed[], lang: Language, query: ProductQuery): Product[] {
  const words = query.q
    ? fold(query.q)
        .split(/[\s,.;:!?"'()]+/u)
        .filter(Boolean)
    : [];
  const sizes = query.size ? new Set(query.size) : null;
  const found = index
    .filter(
      ({ product, text }) =>
        (query.categoryId === undefined || product.categoryId === query.categoryId) &&
        words.every((word) => text.includes(word)) &&
        (!sizes || inStock(product, sizes)),
    )
    .map(({ product }) => product);
  if (query.sort) found.sort(ORDER[query.sort](lang));
  return query.limit === undefined ? found : found.slice(0, query.limit);
}
