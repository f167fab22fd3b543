import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from './authenticate.js';
import { SessionCache } from './session-cache.js';

const userOf = (id: number, expiresInMs = 3_600_000): AuthUser => ({
  id,
  name: 'Shopper',
  email: `shopper-${id}@example.com`,
  role: 'USER',
  locale: 'en',
  sessionId: id * 10,
  expiresAt: new Date(Date.now() + expiresInMs),
});

afterEach(() => vi.useRealTimers());

describe('SessionCache', () => {
  it('reads a session once, then from memory', async () => {
    const cache = new SessionCache(() => true);
    const load = vi.fn(async () => userOf(1));
    const first = await cache.find('hash-1', load);
    expect(await cache.find('hash-1', load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one lookup between parallel requests of the same token', async () => {
    const cache = new SessionCache(() => true);
    const load = vi.fn(async () => userOf(1));
    const [a, b] = await Promise.all([cache.find('hash-1', load), cache.find('hash-1', load)]);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('checks the expiry of a cached session on every use', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new SessionCache(() => true);
    const load = vi.fn(async () => userOf(1, 60_000));
    expect(await cache.find('hash-1', load)).not.toBeNull();
    vi.setSystemTime(Date.now() + 60_001);
    expect(await cache.find('hash-1', load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is primed with the sessions in use, as many as it keeps', async () => {
    const cache = new SessionCache(() => true, { max: 2 });
    const load = vi.fn(async (limit: number) =>
      [1, 2].slice(0, limit).map((id) => ({ tokenHash: `hash-${id}`, user: userOf(id) })),
    );
    expect(await cache.prime(load)).toBe(2);
    expect(load).toHaveBeenCalledWith(2);
    expect(cache.peek('hash-2')?.id).toBe(2);
    expect(cache.peek('hash-3')).toBeUndefined();
  });

  it('keeps nothing of a priming read that an invalidation overtook, or while it cannot hear them', async () => {
    const cache = new SessionCache(() => true);
    const primed = cache.prime(async () => {
      cache.forgetUser(7);
      return [{ tokenHash: 'hash-1', user: userOf(1) }];
    });
    expect(await primed).toBe(0);
    expect(cache.peek('hash-1')).toBeUndefined();
    const deaf = new SessionCache(() => false);
    expect(await deaf.prime(async () => [{ tokenHash: 'hash-1', user: userOf(1) }])).toBe(0);
  });

  it('reads a session again after its maximum age in memory', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new SessionCache(() => true, { maxAgeMs: 1000 });
    const load = vi.fn(async () => userOf(1));
    await cache.find('hash-1', load);
    vi.setSystemTime(Date.now() + 1001);
    await cache.find('hash-1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads the sessions primed together again over the second half of the maximum age, not all at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const maxAgeMs = 300_000;
    const cache = new SessionCache(() => true, { maxAgeMs });
    const started = Date.now();
    const hashes = Array.from({ length: 1000 }, (_, index) => `hash-${index}`);
    await cache.prime(async () => hashes.map((tokenHash, index) => ({ tokenHash, user: userOf(index + 1) })));
    const stillKnown = (after: number) => {
      vi.setSystemTime(started + after);
      return hashes.filter((hash) => cache.peek(hash) !== undefined).length;
    };
    expect(stillKnown(maxAgeMs / 2 - 1)).toBe(1000);
    // A quarter of the way through the second half: about a quarter read again, far from all of them.
    const atFiveEighths = stillKnown((maxAgeMs * 5) / 8);
    expect(atFiveEighths).toBeGreaterThan(650);
    expect(atFiveEighths).toBeLessThan(850);
    expect(stillKnown(maxAgeMs)).toBe(0);
  });

  it('forgets every session of a user at once, and only theirs', async () => {
    const cache = new SessionCache(() => true);
    const load = { a: vi.fn(async () => userOf(1)), b: vi.fn(async () => userOf(1)), c: vi.fn(async () => userOf(2)) };
    for (const [hash, fn] of Object.entries(load)) await cache.find(hash, fn);
    cache.forgetUser(1);
    for (const [hash, fn] of Object.entries(load)) await cache.find(hash, fn);
    expect([load.a, load.b, load.c].map((fn) => fn.mock.calls.length)).toEqual([2, 2, 1]);
  });

  it('does not keep a lookup that an invalidation overtook', async () => {
    const cache = new SessionCache(() => true);
    let answer: (user: AuthUser) => void = () => undefined;
    const slow = () => new Promise<AuthUser>((resolve) => (answer = resolve));
    const pending = cache.find('hash-1', slow);
    cache.forgetUser(1); // e.g. a logout committed while the lookup was on its way
    // A request arriving after the logout does not join the lookup that started before it.
    const load = vi.fn(async () => null);
    expect(await cache.find('hash-1', load)).toBeNull();
    answer(userOf(1));
    expect(await pending).not.toBeNull();
    expect(await cache.find('hash-1', load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing while nobody hears the change notifications', async () => {
    let live = false;
    const cache = new SessionCache(() => live);
    const load = vi.fn(async () => userOf(1));
    await cache.find('hash-1', load);
    await cache.find('hash-1', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
    live = true;
    await cache.find('hash-1', load);
    expect(cache.size).toBe(1);
  });

  it('holds at most `max` sessions, dropping the least recently used', async () => {
    const cache = new SessionCache(() => true, { max: 2 });
    const load = (id: number) => vi.fn(async () => userOf(id));
    const [one, two, three] = [load(1), load(2), load(3)];
    await cache.find('one', one);
    await cache.find('two', two);
    await cache.find('one', one); // `one` is now the most recently used
    await cache.find('three', three);
    expect(cache.size).toBe(2);
    await cache.find('one', one);
    await cache.find('two', two);
    expect([one, two, three].map((fn) => fn.mock.calls.length)).toEqual([1, 2, 1]);
  });
});
