import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { shopSettings } from '../../db/schema.js';
import type { Change, ChangeFeed } from '../changes/feed.js';
import { SessionCache } from '../security/session-cache.js';
import { CatalogCache } from './catalog-cache.js';
import { cachedBodyBytes, type CachedBody } from './encoded.js';
import { PrivateResponses } from './private-responses.js';
import { SharedCache, type CacheStats } from './shared-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    caches: Caches;
  }
}

/** Server-rendered pages kept at most, the least recently used going first. */
const PAGE_BOUNDS = { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, sizeOf: cachedBodyBytes };
/**
 * Pages of a search or a filter (`/search?q=`): any client can ask for a new one with every
 * request, so they are kept apart, few, and never push the catalogue's pages out.
 */
const PAGE_VARIANT_BOUNDS = { maxEntries: 300, maxBytes: 8 * 1024 * 1024, sizeOf: cachedBodyBytes };
/** Admin order-list totals kept at most (one per filter and search). */
const MAX_ORDER_COUNTS = 500;

/**
 * Every cache of this process, and what each drops on which change of the feed
 * (docs/decisions/0019). This is the only place that knows both: a new write needs nothing here,
 * its table's trigger announces it; a new cache subscribes below.
 */
export class Caches {
  /** Catalogue answers (products, categories) as JSON with ETags. */
  readonly catalogue: CatalogCache;
  /** Server-rendered public pages. */
  readonly pages: SharedCache<CachedBody>;
  /** Server-rendered searches and filterings of a page. */
  readonly pageVariants: SharedCache<CachedBody>;
  /** The shop's settings answer. */
  readonly settings: SharedCache<CachedBody>;
  /**
   * The settings row itself, as every checkout prices with it: one statement of a checkout's
   * eight, and its widest row (decision 0099). Shared by every request: never changed in place.
   */
  readonly settingsRow: SharedCache<Readonly<typeof shopSettings.$inferSelect>>;
  /** Session token hash → its user. */
  readonly sessions: SessionCache;
  /** Each shopper's polled answers: cart, wishlist, profile. */
  readonly responses: PrivateResponses;
  /** How many orders match an admin list's filter (counting 100,000 orders is the list's cost). */
  readonly orderCounts: SharedCache<number>;

  constructor(readonly feed: ChangeFeed) {
    const isLive = () => feed.live;
    this.catalogue = new CatalogCache(isLive);
    this.pages = new SharedCache<CachedBody>(PAGE_BOUNDS, isLive);
    this.pageVariants = new SharedCache<CachedBody>(PAGE_VARIANT_BOUNDS, isLive);
    this.settings = new SharedCache(1, isLive);
    this.settingsRow = new SharedCache(1, isLive);
    this.sessions = new SessionCache(isLive);
    this.responses = new PrivateResponses(isLive);
    this.orderCounts = new SharedCache(MAX_ORDER_COUNTS, isLive);
    feed.subscribe((change) => this.apply(change));
  }

  /** Each cache's reads from memory and builds since start, by name (for the metrics). */
  stats(): Record<string, CacheStats> {
    return {
      catalogue: this.catalogue.stats,
      pages: this.pages.stats,
      pageVariants: this.pageVariants.stats,
      settings: this.settings.stats,
      settingsRow: this.settingsRow.stats,
      sessions: this.sessions.stats,
      responses: this.responses.stats,
      orderCounts: this.orderCounts.stats,
    };
  }

  /** The bytes the caches of answers anyone can make the server build hold, as their bounds count them. */
  bytes(): { catalogue: number; pages: number } {
    return { catalogue: this.catalogue.bytes, pages: this.pages.bytes + this.pageVariants.bytes };
  }

  private clearPages(): void {
    this.pages.clear();
    this.pageVariants.clear();
  }

  private apply(change: Change): void {
    switch (change.kind) {
      case 'account':
        this.sessions.forgetUser(change.userId);
        this.responses.forgetUser(change.userId);
        return;
      case 'lines':
        this.responses.forgetUser(change.userId);
        return;
      case 'stock':
        // What is left shows in the product's answers, every list, the pages and carts.
        this.catalogue.dropProduct(change.productId);
        this.clearPages();
        this.responses.forgetWhere((key) => key.startsWith('cart:'));
        return;
      case 'settings':
        // The footer, terms and product pages show the seller; the sitemap dates the information
        // pages by the settings and lists the recalls (their table speaks on this channel).
        this.settings.clear();
        this.settingsRow.clear();
        this.catalogue.dropValue('sitemap');
        this.clearPages();
        return;
      case 'orders':
        this.orderCounts.clear();
        return;
      case 'effects':
        return;
      case 'catalogue':
        // Carts and wishlists show product names, prices and images too.
        this.catalogue.clear();
        this.clearPages();
        this.responses.clear();
        return;
      default:
        this.catalogue.clear();
        this.clearPages();
        this.settings.clear();
        this.settingsRow.clear();
        this.sessions.clear();
        this.responses.clear();
        this.orderCounts.clear();
    }
  }
}

/**
 * A write is answered only once this process has heard it (and every other change committed
 * before it): whatever the writer asks next of this process, signed in or not, sees it. On PGlite
 * that is so already; on PostgreSQL it costs one marker round trip per write (ChangeFeed.fence).
 */
export const fenceWrites = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', function fenceWrite(request, _reply, payload, done) {
    const fence = request.method === 'GET' || request.method === 'HEAD' ? null : app.caches.feed.fence();
    if (!fence) return done(null, payload);
    void fence.then(() => done(null, payload));
  });
});
