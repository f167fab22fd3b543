/**
 * Loads asked for in one turn of the event loop, answered by one call: the outbox starts many
 * effects at once, and their reads (each mail's order, each effect's done mark) become one
 * statement instead of one each. Nothing is kept after the call settles: a later load calls
 * again, so a loader is never stale; a failed call fails every load it answered.
 */
export class BatchLoader<K, V> {
  private waiting = new Map<K, Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>>();
  private calling = false;

  /**
   * `loadMany` answers the keys it was given (a key it leaves out loads as undefined).
   * `oneAtATime`: loads asked while a call runs wait for it to end and go in the next call, not
   * in a call of their own turn (the outbox's done marks: effects end one by one as their mail
   * server answers, and a statement each turn was most of its statements, decision 0098).
   */
  constructor(
    private readonly loadMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
    private readonly options: { oneAtATime?: boolean } = {},
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0 && !(this.options.oneAtATime && this.calling)) setImmediate(() => void this.flush());
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    this.calling = true;
    try {
      const found = await this.loadMany([...batch.keys()]);
      for (const [key, callers] of batch) for (const caller of callers) caller.resolve(found.get(key));
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    } finally {
      this.calling = false;
      if (this.options.oneAtATime && this.waiting.size > 0) setImmediate(() => void this.flush());
    }
  }
}
