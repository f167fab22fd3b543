/** How much an Lru may hold: entries, and optionally bytes as `sizeOf` counts them. */
export interface LruBounds<K, V> {
  maxEntries: number;
  maxBytes?: number;
  /** The bytes one entry holds, key included; counted once, when it is set. */
  sizeOf?: (key: K, value: V) => number;
}

/**
 * A Map that keeps at most `maxEntries` entries (and `maxBytes` bytes), dropping the least
 * recently used first. A value larger than the whole byte budget is not kept at all.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; bytes: number }>();
  private total = 0;
  private readonly bounds: Required<LruBounds<K, V>>;

  constructor(
    bounds: number | LruBounds<K, V>,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {
    const given = typeof bounds === 'number' ? { maxEntries: bounds } : bounds;
    this.bounds = { maxBytes: Number.POSITIVE_INFINITY, sizeOf: () => 0, ...given };
  }

  get size(): number {
    return this.map.size;
  }

  /** The bytes held, as `sizeOf` counted them. */
  get bytes(): number {
    return this.total;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.map.get(key);
    if (entry !== undefined) {
      this.map.delete(key);
      this.map.set(key, entry);
    }
    return entry?.value;
  }

  /** The value without touching its place: for identity checks. */
  peek(key: K): V | undefined {
    return this.map.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.bounds.sizeOf(key, value);
    if (bytes > this.bounds.maxBytes) return;
    this.map.set(key, { value, bytes });
    this.total += bytes;
    while (this.map.size > this.bounds.maxEntries || this.total > this.bounds.maxBytes) {
      const [oldest, entry] = this.map.entries().next().value as [K, { value: V; bytes: number }];
      this.delete(oldest);
      this.onEvict?.(oldest, entry.value);
    }
  }

  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  delete(key: K): void {
    const entry = this.map.get(key);
    if (entry === undefined) return;
    this.map.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}
