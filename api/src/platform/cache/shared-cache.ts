import { Lru, type LruBounds } from './lru.js';
import { SingleFlight } from './single-flight.js';

/** Reads answered from memory and reads that had to build, since the process started (metrics). */
export interface CacheStats {
  hits: number;
  misses: number;
}

/**
 * Answers built from the database and shared by every request of this process, kept until the
 * change feed says what they were built from changed (the owner calls `clear` or `delete`).
 * - At most `bounds` entries (and bytes), the least recently used going first.
 * - One build per key at a time: concurrent misses wait for the same build.
 * - A build that started before a clear is returned but not kept: it may predate the change.
 * - While `isLive()` is false (the feed is not heard) nothing is served from memory or kept.
 */
export class SharedCache<T> {
  private readonly entries: Lru<string, T>;
  private readonly building = new SingleFlight<string, T | null>();
  private generation = 0;
  readonly stats: CacheStats = { hits: 0, misses: 0 };

  constructor(
    bounds: number | LruBounds<string, T>,
    private readonly isLive: () => boolean,
  ) {
    this.entries = new Lru(bounds);
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries hold, as the bounds' `sizeOf` counts it (0 without one). */
  get bytes(): number {
    return this.entries.bytes;
  }

  /** Whether `key` is kept (and served from memory): its read would not build. */
  has(key: string): boolean {
    return this.isLive() && this.entries.peek(key) !== undefined;
  }

  /** The kept value of `key`, if any: never builds it. (Only a hit counts: a miss goes on to `get`.) */
  peek(key: string): T | undefined {
    const kept = this.isLive() ? this.entries.get(key) : undefined;
    if (kept !== undefined) this.stats.hits += 1;
    return kept;
  }

  /** The value of `key`, built by `build` when missing; a null build result is not kept. */
  async get(key: string, build: () => Promise<T | null>): Promise<T | null> {
    const kept = this.isLive() ? this.entries.get(key) : undefined;
    if (kept !== undefined) {
      this.stats.hits += 1;
      return kept;
    }
    this.stats.misses += 1;
    if (!this.isLive()) return build();
    return this.building.run(key, async () => {
      const generation = this.generation;
      const value = await build();
      if (value !== null && generation === this.generation && this.isLive()) this.entries.set(key, value);
      return value;
    });
  }

  /** Drops the entries whose key `matches` (and keeps no build under way, as `clear` does). */
  deleteWhere(matches: (key: string) => boolean): void {
    this.generation += 1;
    this.building.forget();
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.building.forget();
    this.entries.clear();
  }
}
