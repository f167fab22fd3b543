import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CatalogCache, MAX_ENTRIES } from './catalog-cache.js';

/** The answers' schema: the tests' lists of words or numbers. */
const LIST = z.array(z.union([z.string(), z.number()]));

describe('the catalogue cache', () => {
  it('keeps at most MAX_ENTRIES answers, dropping the least recently used', async () => {
    const cache = new CatalogCache(() => true);
    await cache.get('products:en:all', LIST, async () => ['the list']);
    await cache.get('products:en:1', LIST, async () => ['never read again']);
    // A stranger walks through categories that do not exist: each an empty list, each a key.
    for (let id = 100; id < 100 + MAX_ENTRIES; id += 1) {
      await cache.get(`products:en:${id}`, LIST, async () => []);
      if (id % 1000 === 0) expect(cache.lookup('products:en:all')).toBeDefined(); // read: kept
    }
    expect(cache.lookup('products:en:all')?.body.toString()).toBe('["the list"]');
    expect(cache.lookup('products:en:1')).toBeUndefined();
    expect(cache.lookup('products:en:100')).toBeUndefined();
    expect(cache.lookup(`products:en:${99 + MAX_ENTRIES}`)).toBeDefined();
  });

  it('builds a missing answer once for concurrent readers, and keeps none built before a clear', async () => {
    const cache = new CatalogCache(() => true);
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return [builds];
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('products:en:all', LIST, build)));
    expect(builds).toBe(1);
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);

    cache.clear();
    const during = cache.get('products:en:all', LIST, build);
    cache.clear(); // the data changed while it was being read
    await during;
    expect(cache.lookup('products:en:all')).toBeUndefined();
  });

  it('neither serves nor keeps anything while the change feed is not heard', async () => {
    let live = false;
    const cache = new CatalogCache(() => live);
    await cache.get('categories:en', LIST, async () => ['first']);
    expect(cache.lookup('categories:en')).toBeUndefined();
    live = true;
    await cache.get('categories:en', LIST, async () => ['second']);
    live = false;
    expect(cache.lookup('categories:en')).toBeUndefined();
    expect((await cache.get('categories:en', LIST, async () => ['third'])).body.toString()).toBe('["third"]');
  });
});
