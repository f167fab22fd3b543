import {
  ProductSchema,
  soldIn,
  sortProducts,
  type Language,
  type Product,
  type ProductSort,
  type Size,
} from '@shop/contract';
import { encodeAnswer } from '../../lib/answers.js';
import { colourFamilyWords, searchStem } from './colour-words.js';
import { stemWords } from './stem.js';

export interface ProductQuery {
  categoryId?: number | undefined;
  q?: string | undefined;
  sort?: ProductSort | undefined;
  size?: Size[] | undefined;
  /** A colour's name (either language, any case): with `size`, that colour in stock in that size. */
  color?: string | undefined;
  /** Only products whose sale is in force. */
  onSale?: boolean | undefined;
  limit?: number | undefined;
}

/**
 * One product ready to be searched: its words in both languages, without case or accents,
 * stemmed (stem.ts), one space before each; its names' words apart, to rank name matches first;
 * and its answer's JSON, encoded once (a search's answer is these joined: `searchAnswer`).
 */
export interface Indexed {
  product: Product;
  text: string;
  names: string;
  json: string;
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
  const stems = (texts: string[]) => stemWords(fold(texts.join('\n')), searchStem);
  const words = (texts: string[]) => ` ${stems(texts).join(' ')}`;
  return products.map((product) => {
    const colours = stems(product.colors.flatMap((color) => [color.colorName, color.colorNameBg]));
    return {
      product,
      text: `${words(product.translations.flatMap((translation) => [translation.name, translation.description]))} ${[
        ...colours,
        // "черно" and "black" find an Onyx colour (colour-words.ts).
        ...colourFamilyWords(colours),
      ].join(' ')}`,
      names: words(product.translations.map((translation) => translation.name)),
      json: JSON.stringify(encodeAnswer(ProductSchema, product)),
    };
  });
}

/**
 * The words a search looks for, folded and stemmed, each once, in order: what names the search
 * (catalogKeys.search), so "Hoodies" and "hoodie" are one search, as they find the same.
 */
export const searchWords = (q: string | undefined): string[] => (q ? stemWords(fold(q), searchStem).sort() : []);

/** How many of `words` start a word of `text` or sit inside one ("shirt" in "t-shirt", "bomb" in "bomber"). */
const matches = (text: string, words: string[]) => words.filter((word) => text.includes(word)).length;

/**
 * The products that match: every word of `q` somewhere in the product's words, of the category,
 * in stock in one of the sizes (in the colour, if one is named); in the order asked for, else
 * those matching more words by their name first, then the catalogue's order; the first `limit`.
 */
export function findProducts(index: Indexed[], lang: Language, query: ProductQuery): Indexed[] {
  const words = searchWords(query.q);
  const sizes = query.size ? new Set(query.size) : null;
  const found = index.filter(
    ({ product, text }) =>
      (query.categoryId === undefined || product.categoryId === query.categoryId) &&
      matches(text, words) === words.length &&
      soldIn(product, sizes, query.color) &&
      (!query.onSale || product.sale !== null),
  );
  const entryOf = new Map(found.map((entry) => [entry.product, entry]));
  const sorted = query.sort
    ? sortProducts(
        found.map(({ product }) => product),
        query.sort,
        lang,
      ).map((product) => entryOf.get(product)!)
    : found
        .map((entry, position) => ({ entry, position, byName: matches(entry.names, words) }))
        .sort((a, b) => b.byName - a.byName || a.position - b.position)
        .map(({ entry }) => entry);
  return query.limit === undefined ? sorted : sorted.slice(0, query.limit);
}

/** A search's answer: the products' JSON as the index keeps it, in a list. */
export const searchAnswer = (found: readonly Indexed[]): string => `[${found.map((entry) => entry.json).join(',')}]`;
