import type { Redis } from 'ioredis';

export interface LimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

/**
 * Fixed-window counters keyed by string (e.g. `login:fail:<email>:<ip>`). In memory by default;
 * on Redis when REDIS_URL is set, so several processes share one count.
 */
export interface Limiter {
  /** Counts a hit and says whether it is within `max` for the window. */
  hit(key: string, max: number, windowMs: number): Promise<LimitResult>;
  /** Reads without counting. */
  peek(key: string, max: number): Promise<LimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const time = now();
    for (const [key, entry] of windows) if (entry.resetAt <= time) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const result = (count: number, max: number, resetAt: number): LimitResult => ({
    allowed: count <= max,
    count,
    retryAfter: Math.max(1, Math.ceil((resetAt - now()) / 1000)),
  });
  return {
    async hit(key, max, windowMs) {
      const time = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= time) {
        entry = { count: 0, resetAt: time + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return result(entry.count, max, entry.resetAt);
    },
    async peek(key, max) {
      const entry = windows.get(key);
      if (!entry || entry.resetAt <= now()) return { allowed: true, count: 0, retryAfter: 0 };
      return { ...result(entry.count, max, entry.resetAt), allowed: entry.count < max };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function createRedisLimiter(redis: Redis, prefix = 'limit:'): Limiter {
  return {
    async hit(key, max, windowMs) {
      const name = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(name).pttl(name).exec()) as [
        [null, number],
        [null, number],
      ];
      let remaining = ttl;
      if (ttl < 0) {
        await redis.pexpire(name, windowMs);
        remaining = windowMs;
      }
      return { allowed: count <= max, count, retryAfter: Math.max(1, Math.ceil(remaining / 1000)) };
    },
    async peek(key, max) {
      const name = prefix + key;
      const [[, raw], [, ttl]] = (await redis.multi().get(name).pttl(name).exec()) as [
        [null, string | null],
        [null, number],
      ];
      const count = Number(raw ?? 0);
      return { allowed: count < max, count, retryAfter: Math.max(0, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}
