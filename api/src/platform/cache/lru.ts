/** A Map that keeps at most `max` entries, dropping the least recently used first. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(
    private readonly max: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** The value without touching its place: for identity checks. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) {
        const evicted = this.map.get(oldest.value) as V;
        this.map.delete(oldest.value);
        this.onEvict?.(oldest.value, evicted);
      }
    }
  }

  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}
