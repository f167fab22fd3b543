import type { Redis } from 'ioredis';
import { AppError, RateLimitError } from '../../lib/errors.js';

export interface LimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

/**
 * Fixed-window counters keyed by string (e.g. `login:<email>:<ip>`). In memory by default; on
 * Redis when REDIS_URL is set, so several processes share one count.
 *
 * There is no "read, then count later": a caller that must stop parallel attempts (login) counts
 * the attempt first, atomically, and gives it back with `undo` when it turns out not to count
 * (a right password). Two hundred simultaneous attempts then get counts 1..200, and only the
 * first `max` are allowed.
 */
export interface Limiter {
  /** Counts a hit, atomically, and says whether it is within `max` for the window. */
  hit(key: string, max: number, windowMs: number): Promise<LimitResult>;
  /** Gives back one hit of the current window (never below zero). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs `use`, counting the try under `key` first (atomically, across processes): past `max` in a
 * minute it is refused with 429 before anything is looked at. A try that does not end in one of
 * `refusals` (a wrong code) gives its count back, so that only wrong guesses count.
 */
export async function countedTry<T>(
  limiter: Limiter,
  key: string,
  max: number,
  refusals: ReadonlySet<string>,
  use: () => Promise<T>,
): Promise<T> {
  const allowance = await limiter.hit(key, max, 60_000);
  if (!allowance.allowed) {
    throw new RateLimitError(allowance.retryAfter, 'Too many wrong codes. Please wait a minute and try again.');
  }
  try {
    const result = await use();
    await limiter.undo(key);
    return result;
  } catch (error) {
    if (!(error instanceof AppError && refusals.has(error.code))) await limiter.undo(key);
    throw error;
  }
}

const retryAfterSeconds = (remainingMs: number) => Math.max(1, Math.ceil(remainingMs / 1000));

export function createMemoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const time = now();
    for (const [key, entry] of windows) if (entry.resetAt <= time) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, max, windowMs) {
      const time = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= time) {
        entry = { count: 0, resetAt: time + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { allowed: entry.count <= max, count: entry.count, retryAfter: retryAfterSeconds(entry.resetAt - time) };
    },
    async undo(key) {
      const entry = windows.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/**
 * One round trip, one atomic step on the server: count, start the window on the first hit, and
 * answer the count with the time left. (INCR then PEXPIRE from the client could leave a key
 * without expiry, counting forever, if the process died between the two.)
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

/** Decrements a live counter, never below zero and never reviving an expired one. */
const UNDO_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export function createRedisLimiter(redis: Redis, prefix = 'limit:'): Limiter {
  return {
    async hit(key, max, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { allowed: count <= max, count, retryAfter: retryAfterSeconds(ttl) };
    },
    async undo(key) {
      await redis.eval(UNDO_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}
