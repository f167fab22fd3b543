import { describe, expect, it } from 'vitest';
import { CatalogCache, MAX_ENTRIES } from './catalog-cache.js';

const silent = { error: () => undefined } as unknown as ConstructorParameters<typeof CatalogCache>[1];

describe('the catalogue cache', () => {
  it('keeps at most MAX_ENTRIES answers, dropping the least recently used', async () => {
    const cache = new CatalogCache(undefined, silent);
    await cache.get('products:en:all', async () => ['the list']);
    await cache.get('products:en:1', async () => ['never read again']);
    // A stranger walks through categories that do not exist: each an empty list, each a key.
    for (let id = 100; id < 100 + MAX_ENTRIES; id += 1) {
      await cache.get(`products:en:${id}`, async () => []);
      if (id % 1000 === 0) expect(cache.lookup('products:en:all')).toBeDefined(); // read: kept
    }
    expect(cache.lookup('products:en:all')?.body.toString()).toBe('["the list"]');
    expect(cache.lookup('products:en:1')).toBeUndefined();
    expect(cache.lookup('products:en:100')).toBeUndefined();
    expect(cache.lookup(`products:en:${99 + MAX_ENTRIES}`)).toBeDefined();
  });
});
