/**
 * Loads asked for in one turn of the event loop, answered by one call: the outbox starts many
 * effects at once, and their reads (each mail's order, each effect's done mark) become one
 * statement instead of one each. Nothing is kept after the call settles: a later load calls
 * again, so a loader is never stale; a failed call fails every load it answered.
 */
export class BatchLoader<K, V> {
  private waiting = new Map<K, Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>>();

  /** `loadMany` answers the keys it was given (a key it leaves out loads as undefined). */
  constructor(private readonly loadMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const found = await this.loadMany([...batch.keys()]);
      for (const [key, callers] of batch) for (const caller of callers) caller.resolve(found.get(key));
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    }
  }
}
