import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PrivateResponses } from './private-responses.js';

const Schema = z.array(z.object({ id: z.number() }));

describe('PrivateResponses', () => {
  it('builds an answer once per user and key, through its schema, with an ETag of its bytes', async () => {
    const cache = new PrivateResponses(() => true);
    const load = vi.fn(async () => [{ id: 1, secret: 'never sent' }]);
    const [first, second] = await Promise.all([
      cache.get(7, 'cart:en', Schema, load),
      cache.get(7, 'cart:en', Schema, load),
    ]);
    expect(second).toBe(first);
    expect(first.body.toString()).toBe('[{"id":1}]');
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    await cache.get(7, 'cart:en', Schema, load);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get(7, 'cart:bg', Schema, load);
    await cache.get(8, 'cart:en', Schema, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep an answer built before an invalidation that overtook it', async () => {
    const cache = new PrivateResponses(() => true);
    let answer: (rows: { id: number }[]) => void = () => undefined;
    const pending = cache.get(7, 'cart:en', Schema, () => new Promise((resolve) => (answer = resolve)));
    cache.forgetUser(7); // a write committed while the old rows were on their way
    answer([{ id: 1 }]);
    await pending;
    const load = vi.fn(async () => [{ id: 2 }]);
    expect((await cache.get(7, 'cart:en', Schema, load)).body.toString()).toBe('[{"id":2}]');

    const other = cache.get(7, 'cart:en', Schema, () => new Promise((resolve) => (answer = resolve)));
    cache.clear(); // e.g. a catalogue change
    answer([{ id: 3 }]);
    await other;
    expect((await cache.get(7, 'cart:en', Schema, async () => [{ id: 4 }])).body.toString()).toBe('[{"id":4}]');
  });

  it('keeps nothing while nobody hears the change notifications', async () => {
    const cache = new PrivateResponses(() => false);
    const load = vi.fn(async () => [{ id: 1 }]);
    await cache.get(7, 'cart:en', Schema, load);
    await cache.get(7, 'cart:en', Schema, load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
