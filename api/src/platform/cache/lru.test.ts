import { describe, expect, it } from 'vitest';
import { Lru } from './lru.js';

describe('Lru', () => {
  it('drops the least recently used past its entries', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect([...lru.keys()]).toEqual(['a', 'c']);
  });

  it('drops the least recently used past its bytes, and keeps nothing larger than them all', () => {
    const evicted: string[] = [];
    const lru = new Lru<string, string>(
      { maxEntries: 100, maxBytes: 10, sizeOf: (_key, value) => value.length },
      (key) => evicted.push(key),
    );
    lru.set('a', 'xxxx');
    lru.set('b', 'xxxx');
    expect(lru.bytes).toBe(8);
    lru.set('c', 'xxxx');
    expect([...lru.keys()]).toEqual(['b', 'c']);
    expect(evicted).toEqual(['a']);
    lru.set('b', 'x');
    expect(lru.bytes).toBe(5);
    lru.set('huge', 'x'.repeat(11));
    expect(lru.peek('huge')).toBeUndefined();
    expect(lru.bytes).toBe(5);
    lru.delete('c');
    lru.clear();
    expect(lru.bytes).toBe(0);
  });
});
