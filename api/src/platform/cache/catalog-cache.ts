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
};

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

  constructor(isLive: () => boolean) {
    this.answers = new SharedCache(MAX_ENTRIES, isLive);
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
  }

  /** Drops what shows a product's stock: its own answers and every list (any may hold it). */
  dropProduct(productId: number): void {
    const own = catalogKeys.productPrefix(productId);
    this.answers.deleteWhere((key) => key.startsWith(own) || key.startsWith(catalogKeys.listPrefix));
  }

  get stats(): CacheStats {
    return this.answers.stats;
  }
}
