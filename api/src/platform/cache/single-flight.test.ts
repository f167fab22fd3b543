import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.js';

/** A call that settles when the test says so, counting how often it was made. */
function controlled() {
  let calls = 0;
  let settle: { resolve: (value: string) => void; reject: (error: Error) => void } | undefined;
  const call = () => {
    calls += 1;
    return new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  };
  return { call, calls: () => calls, settle: () => settle! };
}

describe('SingleFlight', () => {
  it('gives concurrent callers of a key one call, and other keys their own', async () => {
    const flights = new SingleFlight<string, string>();
    const a = controlled();
    const b = controlled();
    const first = flights.run('a', a.call);
    const second = flights.run('a', a.call);
    const other = flights.run('b', b.call);
    expect(a.calls()).toBe(1);
    expect(b.calls()).toBe(1);
    expect(second).toBe(first);
    expect(flights.has('a')).toBe(true);
    a.settle().resolve('A');
    b.settle().resolve('B');
    expect(await Promise.all([first, second, other])).toEqual(['A', 'A', 'B']);
  });

  it('calls again once the call has settled', async () => {
    const flights = new SingleFlight<string, string>();
    const a = controlled();
    const first = flights.run('a', a.call);
    a.settle().resolve('first');
    await first;
    expect(flights.has('a')).toBe(false);
    const second = flights.run('a', a.call);
    expect(a.calls()).toBe(2);
    a.settle().resolve('second');
    expect(await second).toBe('second');
  });

  it('keeps no failure: its callers share it, the next caller calls again', async () => {
    const flights = new SingleFlight<string, string>();
    const a = controlled();
    const first = flights.run('a', a.call);
    const second = flights.run('a', a.call);
    a.settle().reject(new Error('the database is away'));
    await expect(first).rejects.toThrow('the database is away');
    await expect(second).rejects.toThrow('the database is away');
    const third = flights.run('a', a.call);
    expect(a.calls()).toBe(2);
    a.settle().resolve('back');
    expect(await third).toBe('back');
  });

  it('after forget, starts a new call while the old one runs on, and keeps the new one when the old settles', async () => {
    const flights = new SingleFlight<string, string>();
    const old = controlled();
    const fresh = controlled();
    const before = flights.run('a', old.call);
    flights.forget();
    const after = flights.run('a', fresh.call);
    old.settle().resolve('old');
    expect(await before).toBe('old');
    // The old call's end must not drop the new one: a third caller still shares it.
    expect(flights.run('a', fresh.call)).toBe(after);
    expect(fresh.calls()).toBe(1);
    fresh.settle().resolve('new');
    expect(await after).toBe('new');
    expect([...flights.keys()]).toEqual([]);
  });
});
