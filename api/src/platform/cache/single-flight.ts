/**
 * Calls under way, one per key: a caller who asks for a key while its call runs gets that call's
 * promise instead of starting another (a page's parallel requests, a burst of misses of one
 * answer). A call is forgotten once it settles, so a failure is never kept and the next caller
 * calls again; what to keep of a result is the caller's cache's business.
 */
export class SingleFlight<K, V> {
  private readonly calls = new Map<K, Promise<V>>();

  /** The call of `key` under way, or `call()` started now and shared until it settles. */
  run(key: K, call: () => Promise<V>): Promise<V> {
    const running = this.calls.get(key);
    if (running) return running;
    const started = call().finally(() => {
      // A `forget` meanwhile may have let a newer call of the key start: that one stays.
      if (this.calls.get(key) === started) this.calls.delete(key);
    });
    this.calls.set(key, started);
    return started;
  }

  /** Whether a call of `key` is under way. */
  has(key: K): boolean {
    return this.calls.has(key);
  }

  /** The keys of the calls under way. */
  keys(): IterableIterator<K> {
    return this.calls.keys();
  }

  /**
   * Lets the next caller start a new call even while the ones under way run on (their callers
   * still get their results): after an invalidation, a call that started before it may be stale.
   */
  forget(): void {
    this.calls.clear();
  }
}
