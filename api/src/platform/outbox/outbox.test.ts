// @module-tag engine: workers of several processes share the effects (row locks, skip locked).
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effects } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, type CreatedUser } from '../../test/factories.js';
import { recurringEffects } from '../../effect-subscriptions.js';
import { enqueue, MAX_ATTEMPTS, Outbox, type ClaimedEffect, type EffectHandler } from './outbox.js';
import { every, everyMs, handleEvery, planRecurring, type Recurring } from './timed.js';

let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  // The app's own workers would take these tests' effects: the tests run workers of their own.
  await t.app.outbox.stop();
  admin = await createUser(t.db, { role: 'ADMIN' });
});
afterAll(() => t.close());

const workers = (handlers: Record<string, EffectHandler>) => new Outbox(t.db, t.app.log, handlers);
const run = async (outbox: Outbox) => {
  outbox.wake();
  await outbox.settled();
};
const rowOf = async (key: string) => (await t.db.select().from(effects).where(eq(effects.key, key)))[0];

describe('the outbox', () => {
  it('runs an effect only if its transaction committed, once, however often it was written', async () => {
    const ran: string[] = [];
    const outbox = workers({ note: async (effect) => void ran.push(effect.key) });
    await t.db
      .transaction(async (tx) => {
        await enqueue(tx, [{ kind: 'note', key: 'rolled-back' }]);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.db.transaction(async (tx) => {
      await enqueue(tx, [{ kind: 'note', key: 'committed', orderId: 7 }]);
      await enqueue(tx, [{ kind: 'note', key: 'committed' }]);
    });
    await enqueue(t.db, [{ kind: 'note', key: 'committed' }]);
    await run(outbox);
    await run(outbox);
    expect(ran).toEqual(['committed']);
    expect(await rowOf('rolled-back')).toBeUndefined();
    expect(await rowOf('committed')).toMatchObject({ attempts: 1, orderId: 7, lastError: null });
    expect((await rowOf('committed'))?.doneAt).toBeInstanceOf(Date);
  });

  it('gives each effect to one worker when several run at once (several processes)', async () => {
    const ran: number[] = [];
    const slow: EffectHandler = async (effect) => {
      ran.push(Number(effect.payload.n));
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await enqueue(
      t.db,
      Array.from({ length: 60 }, (_, n) => ({ kind: 'slow', key: `slow:${n}`, payload: { n } })),
    );
    const all = [workers({ slow }), workers({ slow }), workers({ slow })];
    await Promise.all(all.map(run));
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
  });

  it('tries a failing effect again later, and after every attempt waits for an admin’s retry', async () => {
    let failures = 0;
    const seen: ClaimedEffect[] = [];
    const flaky = workers({
      flaky: async (effect) => {
        seen.push(effect);
        failures += 1;
        throw new Error(`provider down (${failures})`);
      },
    });
    await enqueue(t.db, [{ kind: 'flaky', key: 'flaky:1', orderId: 42 }]);
    await run(flaky);
    const first = await rowOf('flaky:1');
    expect(first).toMatchObject({ attempts: 1, lastError: 'Error: provider down (1)', failedAt: null, doneAt: null });
    // Due again only after the backoff: another run now does nothing.
    expect(first!.runAfter.getTime()).toBeGreaterThan(Date.now() + 3_000);
    await run(flaky);
    expect(seen).toHaveLength(1);
    // The backoffs pass (moved to now), until the last attempt.
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await t.db
        .update(effects)
        .set({ runAfter: new Date(Date.now() - 1000) })
        .where(eq(effects.key, 'flaky:1'));
      await run(flaky);
    }
    expect(seen.map((effect) => effect.attempts)).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, n) => n + 1));
    const failed = await rowOf('flaky:1');
    expect(failed?.failedAt).toBeInstanceOf(Date);

    // The admin sees it, and retries it: it runs again, now.
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/effects', headers: bearer(admin) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      total: 1,
      data: [
        { id: failed!.id, kind: 'flaky', orderId: 42, attempts: MAX_ATTEMPTS, lastError: 'Error: provider down (8)' },
      ],
    });
    const healed = workers({ flaky: async (effect) => void seen.push(effect) });
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/effects/${failed!.id}/retry`,
      headers: bearer(admin),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ attempts: 0, failedAt: null });
    await run(healed);
    expect((await rowOf('flaky:1'))?.doneAt).toBeInstanceOf(Date);
    // Done: nothing left to retry.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/effects/${failed!.id}/retry`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/effects', headers: bearer(admin) })).json()).toEqual({
      data: [],
      total: 0,
    });
  });

  it('runs an effect that waits for another (`after`) only once that one is done, however long it fails', async () => {
    const ran: string[] = [];
    let refuse = true;
    const outbox = workers({
      note: async (effect) => void ran.push(effect.key),
      refund: async (effect) => {
        if (refuse) throw new Error('refused');
        ran.push(effect.key);
      },
    });
    await enqueue(t.db, [
      { kind: 'note', key: 'told', after: 'refund:1' },
      { kind: 'refund', key: 'refund:1' },
      { kind: 'note', key: 'unrelated' },
    ]);
    await run(outbox);
    expect(ran).toEqual(['unrelated']);
    await t.db
      .update(effects)
      .set({ runAfter: new Date(Date.now() - 1000) })
      .where(eq(effects.key, 'refund:1'));
    await run(outbox);
    expect(ran).toEqual(['unrelated']);
    expect(await rowOf('told')).toMatchObject({ attempts: 0, doneAt: null });
    refuse = false;
    await t.db
      .update(effects)
      .set({ runAfter: new Date(Date.now() - 1000) })
      .where(eq(effects.key, 'refund:1'));
    // Done, it lets what waits for it run in the same round.
    await run(outbox);
    expect(ran).toEqual(['unrelated', 'refund:1', 'told']);
  });

  it('takes back an effect whose worker died holding it, once its lease has run out', async () => {
    const ran: string[] = [];
    await enqueue(t.db, [{ kind: 'note', key: 'orphan' }]);
    // A worker took it (attempt 1) and died: its lease is still on.
    await t.db
      .update(effects)
      .set({ attempts: 1, lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(effects.key, 'orphan'));
    const outbox = workers({ note: async (effect) => void ran.push(effect.key) });
    await run(outbox);
    expect(ran).toEqual([]);
    await t.db
      .update(effects)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(eq(effects.key, 'orphan'));
    await run(outbox);
    expect(ran).toEqual(['orphan']);
    expect(await rowOf('orphan')).toMatchObject({ attempts: 2 });
  });

  it('keeps an effect its live worker runs past the lease: renewed, it is not run a second time', async () => {
    const ran: number[] = [];
    let release = () => {};
    // Two processes with a short lease (600 ms, renewed every 200 ms): the first runs the effect
    // for three leases, the second looks for due effects all along.
    const alive = new Outbox(
      t.db,
      t.app.log,
      {
        slow: async () => {
          ran.push(1);
          await new Promise<void>((resolve) => (release = resolve));
        },
      },
      { leaseMs: 600 },
    );
    const other = new Outbox(t.db, t.app.log, { slow: async () => void ran.push(2) }, { leaseMs: 600 });
    await enqueue(t.db, [{ kind: 'slow', key: 'long-run' }]);
    alive.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let tries = 0; tries < 9; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await run(other);
    }
    release();
    await alive.settled();
    expect(ran).toEqual([1]);
    expect(await rowOf('long-run')).toMatchObject({ attempts: 1, lockedUntil: null });
  });

  it('is for admins only', async () => {
    const shopper = await createUser(t.db);
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/effects', headers: bearer(shopper) });
    expect(answer.statusCode).toBe(403);
  });
});

describe('timed effects (decision 0052)', () => {
  const rowsOf = (kind: string) => t.db.select().from(effects).where(eq(effects.kind, kind)).orderBy(effects.id);
  const ticking = (recurring: Recurring, ran: string[]) =>
    workers(handleEvery(t.db, recurring, async ({ period }) => void ran.push(period)));

  it('runs a recurring effect once per period, however many processes write and run it; each run writes the next', async () => {
    const tick = every('test.tick', everyMs(60_000));
    const ran: string[] = [];
    // Three processes start: each writes the occurrence due first after its start (a minute ago).
    const started = new Date(Date.now() - 60_000);
    await Promise.all([1, 2, 3].map(() => planRecurring(t.db, [tick], started)));
    await Promise.all([1, 2, 3].map(() => run(ticking(tick, ran))));
    expect(ran).toEqual([tick.schedule(started).period]);
    const [done, next] = await rowsOf('test.tick');
    expect(done?.doneAt).toBeInstanceOf(Date);
    // The next one is the next minute's, not due yet.
    expect(next).toMatchObject({ key: `test.tick:${tick.schedule(new Date()).period}`, doneAt: null, attempts: 0 });
    expect(next!.runAfter.getTime()).toBeGreaterThan(Date.now());
    await run(ticking(tick, ran));
    expect(ran).toHaveLength(1);
  });

  it('runs one due after a restart once; one missed while the shop was down once, then the next to come', async () => {
    const soon = every('test.soon', (after) => ({
      period: 'p1',
      at: new Date(Math.max(after.getTime(), Date.now()) + 300),
    }));
    const ran: string[] = [];
    await planRecurring(t.db, [soon]);
    const before = ticking(soon, ran);
    await run(before);
    await before.stop();
    expect(ran).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The process that starts again writes it again: still one, run once.
    await planRecurring(t.db, [soon]);
    const after = ticking(soon, ran);
    await run(after);
    await run(after);
    expect(ran).toEqual(['p1']);

    const hourly = every('test.hourly', everyMs(3_600_000));
    const missed = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000);
    await enqueue(t.db, [hourly.occurrence(missed.toISOString(), missed)]);
    const hours: string[] = [];
    await run(ticking(hourly, hours));
    // The three hours missed are not run one by one: the next is the next hour to come.
    expect(hours).toEqual([missed.toISOString()]);
    const pending = await t.db
      .select()
      .from(effects)
      .where(and(eq(effects.kind, 'test.hourly'), isNull(effects.doneAt)));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.runAfter.getTime()).toBeGreaterThan(Date.now());
    // That one, once run, removes the one before it: a schedule keeps its last run and its next.
    await t.db.update(effects).set({ runAfter: new Date() }).where(eq(effects.id, pending[0]!.id));
    await run(ticking(hourly, hours));
    expect(hours).toHaveLength(2);
    expect((await rowsOf('test.hourly')).map((row) => row.doneAt === null)).toEqual([false, true]);
  });

  it('the app writes the next occurrence of each of its recurring effects at start, once', async () => {
    // Another process starts: still one occurrence to come of each (the app's own may be overdue
    // by now, its workers stopped: it stays, to run once).
    const before = new Date();
    await planRecurring(t.db, recurringEffects({ tracking: true }));
    for (const recurring of recurringEffects({ tracking: true })) {
      const kind = recurring.kind.name;
      // Never taken yet: an occurrence that fell due while an earlier test's workers ran (they take
      // every kind due, and fail one they have no handler for) is due again later as a retry.
      const coming = (await rowsOf(kind)).filter((row) => row.attempts === 0 && row.runAfter.getTime() > Date.now());
      // When a period ended while the test ran (a minute's, say), the occurrence this start wrote
      // may be the one just due (then past) or the one after it: never either twice.
      const periods = new Set([before, new Date()].map((at) => `${kind}:${recurring.schedule(at).period}`));
      const keys = coming.map((row) => row.key);
      if (periods.size === 1) expect(keys).toEqual([...periods]);
      else {
        expect(new Set(keys).size).toBe(keys.length);
        for (const key of keys) expect(periods).toContain(key);
      }
    }
  });
});
