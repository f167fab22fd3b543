import type { Language } from '@shop/contract';
import type { z } from 'zod';
import { cachedJson, toCachedBody } from '../../lib/etag.js';
import { cachedBodyBytes, type CachedBody } from './encoded.js';
import { SharedCache, type CacheStats } from './shared-cache.js';

/** The catalogue cache's keys: the routes and the fast path (fast-path.ts) name each read alike. */
export const catalogKeys = {
  categories: (lang: Language) => `categories:${lang}`,
  products: (lang: Language, categoryId?: number, limit?: number) =>
    `products:${lang}:${categoryId ?? 'all'}:${limit ?? 'all'}`,
  product: (id: number, lang: Language) => `product:${id}:${lang}`,
  /** Every answer about one product starts with this. */
  productPrefix: (id: number) => `product:${id}:`,
  /** A page of a product's published reviews (kept apart: `REVIEW_BOUNDS`). */
  reviews: (id: number, lang: Language, page: number) => `product:${id}:reviews:${lang}:${page}`,
  /** Every list answer starts with this. */
  listPrefix: 'products:',
  /**
   * A search, filter or sorting of the list (`?q=`, `?size=`, `?sort=`): a list answer too. Named by
   * what it finds, not by how it was typed: the words folded, stemmed, sorted and once each, the
   * sizes sorted, the colour in lower case ("Black  hoodies" and "hoodie black" are one answer).
   */
  search: (lang: Language, query: SearchQuery) =>
    `products:${lang}:search:${JSON.stringify([
      query.categoryId ?? null,
      query.words,
      query.size ? [...new Set(query.size)].sort() : null,
      query.sort ?? null,
      query.limit ?? null,
      query.color ? query.color.toLocaleLowerCase('en') : null,
      query.onSale ?? false,
    ])}`,
};

/** A search as its key names it: `words` as `searchWords` (modules/catalog/search.ts) makes them, folded, stemmed, sorted, once each. */
export interface SearchQuery {
  categoryId?: number | undefined;
  words: string[];
  size?: readonly string[] | undefined;
  color?: string | undefined;
  sort?: string | undefined;
  onSale?: boolean | undefined;
  limit?: number | undefined;
}

/** Values built from the catalogue (the search index, the sitemap) rather than answers: a few. */
const MAX_VALUES = 16;

/**
 * Answers kept at most, the least recently used going first: every product in both languages of a
 * catalogue of thousands, while a stranger asking for `?categoryId=` after `?categoryId=` (each an
 * empty list, each a key) cannot fill the memory.
 */
export const MAX_ENTRIES = 10_000;
/** …and at most these bytes (a list of thousands of products is megabytes). */
export const MAX_BYTES = 128 * 1024 * 1024;

/**
 * Searches are kept apart, in a small cache of their own: any client can ask for a new one with
 * every request, and those must not push the product pages' answers out, nor fill the memory.
 */
export const SEARCH_BOUNDS = { maxEntries: 1_000, maxBytes: 16 * 1024 * 1024 };

/**
 * Pages of reviews too: there is one per ten reviews of a product and language, and anyone may
 * ask for any of them (page 1 of every product, most of all), so they never push the product
 * pages' answers out either.
 */
export const REVIEW_BOUNDS = { maxEntries: 1_000, maxBytes: 8 * 1024 * 1024 };

/**
 * Serialized JSON of catalogue reads, with ETags, shared by every request of this process. It
 * follows the change feed (caches.ts): any change of product data drops every answer.
 */
export class CatalogCache {
  private readonly answers: SharedCache<CachedBody>;
  private readonly searches: SharedCache<CachedBody>;
  private readonly reviews: SharedCache<CachedBody>;
  private readonly values: SharedCache<unknown>;

  constructor(isLive: () => boolean) {
    this.answers = new SharedCache<CachedBody>(
      { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, sizeOf: cachedBodyBytes },
      isLive,
    );
    this.searches = new SharedCache<CachedBody>({ ...SEARCH_BOUNDS, sizeOf: cachedBodyBytes }, isLive);
    this.reviews = new SharedCache<CachedBody>({ ...REVIEW_BOUNDS, sizeOf: cachedBodyBytes }, isLive);
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

  /** Returns the cached body for `key`, building it (once at a time) when missing, as `schema` writes it. */
  async get<S extends z.ZodType>(key: string, schema: S, build: () => Promise<z.output<S>>): Promise<CachedBody> {
    return (await this.cacheOf(key).get(key, async () => toCachedBody(schema, await build())))!;
  }

  /** As `get`, for an answer `build` writes as JSON itself (already encoded). */
  async getJson(key: string, build: () => Promise<string | Buffer>): Promise<CachedBody> {
    return (await this.cacheOf(key).get(key, async () => cachedJson(await build())))!;
  }

  /** Whether the answer for `key` is kept: reading it would not build it. */
  has(key: string): boolean {
    return this.cacheOf(key).has(key);
  }

  /** The bytes the answers hold (searches and reviews included), as the bounds count them. */
  get bytes(): number {
    return this.answers.bytes + this.searches.bytes + this.reviews.bytes;
  }

  private cacheOf(key: string): SharedCache<CachedBody> {
    if (key.includes(':search:')) return this.searches;
    return key.includes(':reviews:') ? this.reviews : this.answers;
  }

  clear(): void {
    this.answers.clear();
    this.searches.clear();
    this.reviews.clear();
    this.values.clear();
  }

  /** Drops one value built from the catalogue (the sitemap, when a recall or the settings change). */
  dropValue(key: string): void {
    this.values.deleteWhere((each) => each === key);
  }

  /** Drops what shows a product's stock: its own answers and every list (any may hold it). */
  dropProduct(productId: number): void {
    const own = catalogKeys.productPrefix(productId);
    this.answers.deleteWhere((key) => key.startsWith(own) || key.startsWith(catalogKeys.listPrefix));
    this.searches.clear();
    this.values.clear();
  }

  get stats(): CacheStats {
    const caches = [this.answers, this.searches, this.reviews];
    return {
      hits: caches.reduce((sum, cache) => sum + cache.stats.hits, 0),
      misses: caches.reduce((sum, cache) => sum + cache.stats.misses, 0),
    };
  }
}
