import { Lru } from '../cache/lru.js';
import type { CacheStats } from '../cache/shared-cache.js';
import { SingleFlight } from '../cache/single-flight.js';
import type { AuthUser } from './authenticate.js';

interface Entry {
  user: AuthUser;
  /** When memory stops answering for it (between half and all of maxAgeMs after it was stored). */
  staleAt: number;
}

/**
 * How much of maxAgeMs an entry's life may be cut, at random: the sessions primed at start (a
 * thousand, all stored in the same millisecond) would otherwise all be read again in the same
 * second five minutes later, a burst every signed-in request waited behind (decision 0053).
 */
const AGE_SPREAD = 0.5;

export interface SessionCacheOptions {
  /** Sessions kept at most (least recently used dropped first). */
  max?: number;
  /**
   * Belt and braces: an entry is read again from the database after this long at most (at least
   * half of it, spread at random), whatever happened.
   */
  maxAgeMs?: number;
}

/**
 * Session token hash → its user, so an authenticated request needs no database round trip.
 * Correct only while every change to a session or its user reaches `forgetUser` before the next
 * request: the change feed delivers the database's notifications of them, and every signed-in
 * request waits for the feed's fence first (docs/decisions/0019). The session's own expiry is checked
 * on every use. While `isLive()` is false (nobody hears the notifications) nothing is kept.
 */
export class SessionCache {
  private readonly entries: Lru<string, Entry>;
  /** The cached token hashes of each user, to end all of a user's sessions at once. */
  private readonly byUser = new Map<number, Set<string>>();
  /** Bumped by every invalidation: a lookup that started before one must not be stored. */
  private generation = 0;
  /** Lookups under way (a page's parallel requests share one); emptied by every invalidation. */
  private readonly loading = new SingleFlight<string, AuthUser | null>();
  private readonly maxAgeMs: number;
  readonly stats: CacheStats = { hits: 0, misses: 0 };

  /** Sessions kept at most. */
  readonly max: number;

  constructor(
    private readonly isLive: () => boolean,
    { max = 10_000, maxAgeMs = 5 * 60_000 }: SessionCacheOptions = {},
  ) {
    this.max = max;
    this.maxAgeMs = maxAgeMs;
    this.entries = new Lru(max, (tokenHash, entry) => this.unindex(tokenHash, entry.user.id));
  }

  /**
   * What memory knows, at once: the session's user, null for a session that has just expired, or
   * undefined when only the database can tell (not cached, too old, or caching is off).
   */
  peek(tokenHash: string): AuthUser | null | undefined {
    if (!this.isLive()) return undefined;
    const hit = this.entries.get(tokenHash);
    if (!hit) return undefined;
    const now = Date.now();
    if (hit.user.expiresAt.getTime() <= now) {
      this.drop(tokenHash, hit.user.id);
      return null;
    }
    if (now < hit.staleAt) {
      this.stats.hits += 1;
      return hit.user;
    }
    this.drop(tokenHash, hit.user.id);
    return undefined;
  }

  /** The user of the session whose token hashes to `tokenHash`, from memory or from `load`. */
  async find(tokenHash: string, load: () => Promise<AuthUser | null>): Promise<AuthUser | null> {
    if (!this.isLive()) return load();
    const known = this.peek(tokenHash);
    if (known !== undefined) return known;
    this.stats.misses += 1;
    return this.loading.run(tokenHash, () => this.load(tokenHash, load));
  }

  /** Drops every cached session of the user: the next request reads them from the database. */
  forgetUser(userId: number): void {
    this.generation += 1;
    this.loading.forget();
    const hashes = this.byUser.get(userId);
    if (!hashes) return;
    this.byUser.delete(userId);
    for (const tokenHash of hashes) this.entries.delete(tokenHash);
  }

  clear(): void {
    this.generation += 1;
    this.loading.forget();
    this.entries.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Fills memory with the sessions `load` gives (at most `max`): a restarted process then finds
   * the sessions of the shoppers who come back at once, as they all do after a deploy, without
   * a query each. Nothing is kept if anything was invalidated while they were read.
   */
  async prime(load: (limit: number) => Promise<{ tokenHash: string; user: AuthUser }[]>): Promise<number> {
    if (!this.isLive()) return 0;
    const generation = this.generation;
    const sessions = await load(this.max);
    if (!this.isLive() || generation !== this.generation) return 0;
    for (const { tokenHash, user } of sessions) this.store(tokenHash, user);
    return sessions.length;
  }

  private async load(tokenHash: string, load: () => Promise<AuthUser | null>): Promise<AuthUser | null> {
    const generation = this.generation;
    const user = await load();
    if (user && this.isLive() && generation === this.generation) this.store(tokenHash, user);
    return user;
  }

  private store(tokenHash: string, user: AuthUser): void {
    const life = this.maxAgeMs * (1 - AGE_SPREAD * Math.random());
    this.entries.set(tokenHash, { user, staleAt: Date.now() + life });
    let hashes = this.byUser.get(user.id);
    if (!hashes) this.byUser.set(user.id, (hashes = new Set()));
    hashes.add(tokenHash);
  }

  private drop(tokenHash: string, userId: number): void {
    this.entries.delete(tokenHash);
    this.unindex(tokenHash, userId);
  }

  private unindex(tokenHash: string, userId: number): void {
    const hashes = this.byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(userId);
  }
}
