import { soldInSizes, sortProducts, type Language, type Product, type ProductSort, type Size } from '@shop/contract';

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
        ...product.colors.flatMap((color) => [color.colorName, color.colorNameBg]),
      ].join('\n'),
    ),
  }));
}

/** The words a search looks for, folded, each once, in order: what names the search (catalogKeys.search). */
export const searchWords = (q: string | undefined): string[] =>
  q
    ? [
        ...new Set(
          fold(q)
            .split(/[\s,.;:!?"'()]+/u)
            .filter(Boolean),
        ),
      ].sort()
    : [];

/**
 * The products that match: every word of `q` somewhere in the product's words, of the category,
 * in one of the sizes; in the order asked for (else the catalogue's), the first `limit`.
 */
export function findProducts(index: Indexed[], lang: Language, query: ProductQuery): Product[] {
  const words = searchWords(query.q);
  const sizes = query.size ? new Set(query.size) : null;
  const found = index
    .filter(
      ({ product, text }) =>
        (query.categoryId === undefined || product.categoryId === query.categoryId) &&
        words.every((word) => text.includes(word)) &&
        (!sizes || soldInSizes(product, sizes)),
    )
    .map(({ product }) => product);
  const sorted = query.sort ? sortProducts(found, query.sort, lang) : found;
  return query.limit === undefined ? sorted : sorted.slice(0, query.limit);
}
