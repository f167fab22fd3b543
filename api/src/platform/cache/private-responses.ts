import type { z } from 'zod';
import { toCachedBody } from '../../lib/etag.js';
import type { CachedBody } from './encoded.js';
import { Lru } from './lru.js';
import type { CacheStats } from './shared-cache.js';
import { SingleFlight } from './single-flight.js';

interface UserEntry {
  bodies: Map<string, CachedBody>;
  /** Builds under way, shared by concurrent requests of the same user and key. */
  building: SingleFlight<string, CachedBody>;
}

/**
 * Each shopper's polled answers (cart, wishlist, profile; per language where it matters) as
 * serialized JSON with an ETag: a poll costs no query while nothing changed, and a changed
 * answer is built once. `forgetUser` / `clear` follow every write these answers depend on
 * (the change feed, caches.ts). While `isLive()` is false every read is built afresh and not kept.
 */
export class PrivateResponses {
  private readonly users: Lru<number, UserEntry>;
  readonly stats: CacheStats = { hits: 0, misses: 0 };

  constructor(
    private readonly isLive: () => boolean,
    maxUsers = 5_000,
  ) {
    this.users = new Lru(maxUsers);
  }

  /** The cached answer `key` of the user, built by `load` and checked by `schema` when missing. */
  async get<S extends z.ZodType>(
    userId: number,
    key: string,
    schema: S,
    load: () => Promise<z.output<S>>,
  ): Promise<CachedBody> {
    const build = async () => toCachedBody(schema, await load());
    if (!this.isLive()) return build();
    let entry = this.users.get(userId);
    if (!entry) {
      entry = { bodies: new Map(), building: new SingleFlight() };
      this.users.set(userId, entry);
    }
    const kept = entry.bodies.get(key);
    // Waiting for the same answer's build counts as a hit: it costs no query of its own.
    this.stats[kept || entry.building.has(key) ? 'hits' : 'misses'] += 1;
    if (kept) return kept;
    const owner = entry;
    return entry.building.run(key, async () => {
      const body = await build();
      // An invalidation meanwhile replaced or removed the entry: this answer may predate it.
      if (this.users.peek(userId) === owner && this.isLive()) owner.bodies.set(key, body);
      return body;
    });
  }

  /** Forgets every user who holds (or is building) an answer whose key `matches`. */
  forgetWhere(matches: (key: string) => boolean): void {
    for (const userId of [...this.users.keys()]) {
      const entry = this.users.peek(userId)!;
      if ([...entry.bodies.keys(), ...entry.building.keys()].some(matches)) this.users.delete(userId);
    }
  }

  forgetUser(userId: number): void {
    this.users.delete(userId);
  }

  clear(): void {
    this.users.clear();
  }
}
