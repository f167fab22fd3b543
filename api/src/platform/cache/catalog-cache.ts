import type { Language } from '@shop/contract';
import { toCachedBody } from '../../lib/etag.js';
import type { CachedBody } from './encoded.js';
import { SharedCache, type CacheStats } from './shared-cache.js';

/** The catalogue cache's keys: the routes and the fast path (fast-path.ts) name each read alike. */
export const catalogKeys = {
  categories: (lang: Language) => `categories:${lang}`,
  products: (lang: Language, categoryId?: number, limit?: number) =>
    `products:${lang}:${categoryId ?? 'all'}:${limit ?? 'all'}`,
  product: (id: number, lang: Language) => `product:${id}:${lang}`,
  /** Every answer about one product starts with this. */
  productPrefix: (id: number) => `product:${id}:`,
  /** Every list answer starts with this. */
  listPrefix: 'products:',
  /** A search, filter or sorting of the list (`?q=`, `?size=`, `?sort=`): a list answer too. */
  search: (lang: Language, query: object) => `products:${lang}:search:${JSON.stringify(query)}`,
};

/** Values built from the catalogue (the search index, the sitemap) rather than answers: a few. */
const MAX_VALUES = 16;

/**
 * Answers kept at most, the least recently used going first: every product in both languages of a
 * catalogue of thousands, while a stranger asking for `?categoryId=` after `?categoryId=` (each an
 * empty list, each a key) cannot fill the memory.
 */
export const MAX_ENTRIES = 10_000;

/**
 * Serialized JSON of catalogue reads, with ETags, shared by every request of this process. It
 * follows the change feed (caches.ts): any change of product data drops every answer.
 */
export class CatalogCache {
  private readonly answers: SharedCache<CachedBody>;
  private readonly values: SharedCache<unknown>;

  constructor(isLive: () => boolean) {
    this.answers = new SharedCache(MAX_ENTRIES, isLive);
    this.values = new SharedCache(MAX_VALUES, isLive);
  }

  /**
   * A value built from the whole catalogue (kept until the catalogue changes): the build is the
   * only writer of `key`, so the type it returns is the type read back.
   */
  async value<T>(key: string, build: () => Promise<T>): Promise<T> {
    return (await this.values.get(key, build)) as T;
  }

  /** The cached body for `key`, if there is one: never builds it. */
  lookup(key: string): CachedBody | undefined {
    return this.answers.peek(key);
  }

  /** Returns the cached body for `key`, building it (once at a time) when missing. */
  async get(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
    return (await this.answers.get(key, async () => toCachedBody(await build())))!;
  }

  clear(): void {
    this.answers.clear();
    this.values.clear();
  }

  /** Drops what shows a product's stock: its own answers and every list (any may hold it). */
  dropProduct(productId: number): void {
    const own = catalogKeys.productPrefix(productId);
    this.answers.deleteWhere((key) => key.startsWith(own) || key.startsWith(catalogKeys.listPrefix));
    this.values.clear();
  }

  get stats(): CacheStats {
    return this.answers.stats;
  }
}
