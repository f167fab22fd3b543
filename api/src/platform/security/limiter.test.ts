import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimiter, createRedisLimiter, type Limiter } from './limiter.js';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
afterAll(() => redis.disconnect());

describe.each<[string, () => Limiter]>([
  ['in memory', () => createMemoryLimiter()],
  ['on Redis', () => createRedisLimiter(redis, `limit-test:${randomUUID()}:`)],
])('the limiter %s', (_name, make) => {
  it('counts simultaneous hits one by one: exactly `max` of them are allowed', async () => {
    const limiter = make();
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.hit('burst', 10, 60_000)));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
    expect(Math.max(...results.map((result) => result.retryAfter))).toBeLessThanOrEqual(60);
    await limiter.close();
  });

  it('gives a hit back with undo, never below zero', async () => {
    const limiter = make();
    await limiter.hit('undo', 2, 60_000);
    await limiter.hit('undo', 2, 60_000);
    await limiter.undo('undo');
    expect(await limiter.hit('undo', 2, 60_000)).toMatchObject({ allowed: true, count: 2 });
    await limiter.undo('never-hit');
    expect(await limiter.hit('never-hit', 1, 60_000)).toMatchObject({ allowed: true, count: 1 });
    await limiter.close();
  });

  it('starts a new window once the old one has passed', async () => {
    const limiter = make();
    expect((await limiter.hit('short', 1, 50)).allowed).toBe(true);
    expect((await limiter.hit('short', 1, 50)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await limiter.hit('short', 1, 50)).toMatchObject({ allowed: true, count: 1 });
    await limiter.reset('short');
    await limiter.close();
  });
});
