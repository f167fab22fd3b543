import { describe, expect, it } from 'vitest';
import { BatchLoader } from './batch-loader.js';

/** A loader of squares that records each call's keys. */
function squares() {
  const calls: number[][] = [];
  const loader = new BatchLoader<number, number>(async (keys) => {
    calls.push(keys);
    return new Map(keys.filter((key) => key >= 0).map((key) => [key, key * key]));
  });
  return { loader, calls };
}

describe('BatchLoader', () => {
  it('answers the loads of one turn with one call, each key once', async () => {
    const { loader, calls } = squares();
    const answers = await Promise.all([loader.load(2), loader.load(3), loader.load(2), loader.load(-1)]);
    expect(answers).toEqual([4, 9, 4, undefined]);
    expect(calls).toEqual([[2, 3, -1]]);
  });

  it('calls again for a load asked after the call, keeping nothing', async () => {
    const { loader, calls } = squares();
    expect(await loader.load(2)).toBe(4);
    expect(await loader.load(2)).toBe(4);
    expect(calls).toEqual([[2], [2]]);
  });

  it('fails every load of a call that fails, and the next call starts afresh', async () => {
    let fail = true;
    const loader = new BatchLoader<number, number>(async (keys) => {
      if (fail) throw new Error('down');
      return new Map(keys.map((key) => [key, key]));
    });
    const failed = await Promise.allSettled([loader.load(1), loader.load(2)]);
    expect(failed.map((each) => each.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await loader.load(1)).toBe(1);
  });

  it('one call at a time, when asked: the loads asked during a call go together in the next one', async () => {
    const calls: number[][] = [];
    let release = () => undefined as void;
    const loader = new BatchLoader<number, number>(
      async (keys) => {
        calls.push(keys);
        if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return new Map(keys.map((key) => [key, key]));
      },
      { oneAtATime: true },
    );
    const first = loader.load(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [loader.load(2)];
    await new Promise((resolve) => setImmediate(resolve));
    later.push(loader.load(3));
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(calls).toEqual([[1], [2, 3]]);
  });
});
