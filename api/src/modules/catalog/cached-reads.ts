import type { Language } from '@shop/contract';

/** The catalogue cache's keys: the routes and the fast path (fast-path.ts) name each read alike. */
export const catalogKeys = {
  categories: (lang: Language) => `categories:${lang}`,
  products: (lang: Language, categoryId?: number, limit?: number) =>
    `products:${lang}:${categoryId ?? 'all'}:${limit ?? 'all'}`,
  product: (id: number, lang: Language) => `product:${id}:${lang}`,
};

/** The headers of a cached catalogue read, beside its ETag (answers vary by language, encoding and user). */
export const CATALOG_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-cache',
  vary: 'accept-language, accept-encoding, authorization',
};
