import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { effects } from '../../db/schema.js';
import { BatchLoader } from '../cache/batch-loader.js';
import type { ChangeFeed } from '../changes/feed.js';

/** An effect to run once its transaction commits (docs/decisions/0032). */
export interface Effect {
  /** The handler that runs it. */
  kind: string;
  /** Its idempotency key: an effect written twice under one key runs once; providers are given it. */
  key: string;
  payload?: Record<string, unknown>;
  orderId?: number | null;
  /** Not before then (a reminder days after its event); now when absent. */
  runAfter?: Date;
  /** The key of the effect it waits for: it is not taken until that one is done. */
  after?: string;
}

/** An effect as a handler gets it. */
export interface ClaimedEffect {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  orderId: number | null;
  /** This run's number, from 1. */
  attempts: number;
}

export type EffectHandler = (effect: ClaimedEffect) => Promise<void>;

export interface OutboxOptions {
  /** What a failed attempt asks for (the owner told of a refund the provider refuses), written with the failure. */
  onFailure?: (effect: ClaimedEffect) => Effect[];
  /** How long a claim holds before it is renewed (LEASE_MS; shorter in tests). */
  leaseMs?: number;
}

/**
 * Writes effects in the caller's transaction, so that they exist if and only if the change that
 * asked for them committed. A key already written is skipped: twice is never twice.
 */
export async function enqueue(tx: Tx | Db, list: readonly Effect[]): Promise<void> {
  if (list.length === 0) return;
  await tx
    .insert(effects)
    .values(
      list.map((effect) => ({
        kind: effect.kind,
        key: effect.key,
        payload: effect.payload ?? {},
        orderId: effect.orderId ?? null,
        afterKey: effect.after ?? null,
        ...(effect.runAfter ? { runAfter: effect.runAfter } : {}),
      })),
    )
    .onConflictDoNothing({ target: effects.key });
}

/** Where an effect stands, by its key (a notice of one that keeps failing quotes its error), or undefined. */
export async function effectByKey(db: Db, key: string) {
  const [row] = await db
    .select({ attempts: effects.attempts, lastError: effects.lastError, doneAt: effects.doneAt })
    .from(effects)
    .where(sql`${effects.key} = ${key}`);
  return row;
}

/** Runs an effect gets before it waits for the admin's retry. */
export const MAX_ATTEMPTS = 8;
/**
 * How long a worker holds an effect it took: it renews the lease while the effect runs (every
 * third of it), so past it the worker is taken for dead and another runs the effect again.
 */
export const LEASE_MS = 120_000;
/** Effects one process runs at once (mails and provider calls wait on the network, not the CPU). */
const CONCURRENCY = 32;
const POLL_MS = 1_000;
/**
 * How long a new effect waits for others before the workers take it: at 100 checkouts a second,
 * each taking its effects at once cost a claim, a read and a done mark per checkout (decision 0102).
 */
const GATHER_MS = 25;

/** The wait before run `attempts + 1`: 5 s, 15 s, 45 s … up to an hour (about 1.7 hours in all). */
export const backoffMs = (attempts: number) => Math.min(5_000 * 3 ** (attempts - 1), 3_600_000);

const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);

/**
 * The workers of this process: they take due effects no other process holds (SKIP LOCKED, then a
 * lease), run them outside any transaction, and mark them done, or due again later (backoff), or
 * failed after MAX_ATTEMPTS. A new effect wakes them through the change feed the moment its
 * transaction commits, in every process; a poll every second catches retries coming due.
 */
export class Outbox {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private gathering: NodeJS.Timeout | undefined;
  private readonly leaseMs: number;
  /**
   * Marks effects done: one statement at a time, for those that ended while the one before ran
   * (effects end one by one, as their mail server answers: a statement each was most of a mail's).
   */
  private readonly done = new BatchLoader<number, true>(
    async (ids) => {
      await this.db
        .update(effects)
        .set({ doneAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(inArray(effects.id, ids));
      return new Map(ids.map((id) => [id, true]));
    },
    { oneAtATime: true },
  );

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Readonly<Record<string, EffectHandler>>,
    private readonly options: OutboxOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? LEASE_MS;
  }

  /**
   * Starts the workers: on new effects (the feed, GATHER_MS after the first) and every second. `sole`: this process is
   * the only one on the database (the embedded one, which one process holds), so an effect still
   * held is held by a process that died: it is taken back at once, not when its lease runs out.
   */
  async start(feed: ChangeFeed, { sole = false } = {}): Promise<void> {
    if (sole) {
      await this.db
        .update(effects)
        .set({ lockedUntil: null })
        .where(sql`${effects.lockedUntil} is not null and ${effects.doneAt} is null`);
    }
    feed.subscribe((change) => {
      if (change.kind === 'effects' || change.kind === 'all') this.gather();
    });
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Runs what is due GATHER_MS from now, with the effects written meanwhile. */
  private gather(): void {
    if (this.stopped || this.gathering) return;
    this.gathering = setTimeout(() => {
      this.gathering = undefined;
      this.wake();
    }, GATHER_MS);
  }

  /** Runs what is due now (and what comes due meanwhile); at most one run at a time. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Waits for the run under way (tests, and shutdown after stop). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No new run; the one under way finishes. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.gathering);
    await this.settled();
  }

  /**
   * Keeps up to CONCURRENCY effects running: once half of them have ended, takes as many due ones
   * as there is room for, so that effects start in groups and their reads become one statement
   * each (order-mails/notify.ts). Ends when nothing runs and nothing is due.
   */
  private async drain(): Promise<void> {
    const running = new Set<Promise<void>>();
    try {
      for (;;) {
        const claimed =
          running.size <= CONCURRENCY / 2 && !this.stopped ? await this.claim(CONCURRENCY - running.size) : [];
        for (const effect of claimed) {
          const run: Promise<void> = this.run(effect).finally(() => running.delete(run));
          running.add(run);
        }
        if (running.size === 0) return;
        await Promise.race(running);
      }
    } catch (error) {
      this.log.error({ err: error }, 'the outbox could not take its effects');
      await Promise.allSettled(running);
    }
  }

  /** Takes up to `most` due effects for a lease, counting the attempt. */
  private async claim(most: number): Promise<ClaimedEffect[]> {
    const rows = await this.db
      .update(effects)
      .set({
        lockedUntil: sql`now() + ${this.leaseMs} * interval '1 millisecond'`,
        attempts: sql`${effects.attempts} + 1`,
      })
      .where(
        // An effect that waits for another (`after`) is due once that one is done.
        sql`${effects.id} in (select id from effects e
          where done_at is null and failed_at is null and run_after <= now()
            and (locked_until is null or locked_until < now())
            and (after_key is null or exists (select 1 from effects w where w.key = e.after_key and w.done_at is not null))
          order by run_after, id limit ${most} for update skip locked)`,
      )
      .returning({
        id: effects.id,
        kind: effects.kind,
        key: effects.key,
        payload: effects.payload,
        orderId: effects.orderId,
        attempts: effects.attempts,
      });
    return rows.sort((a, b) => a.id - b.id);
  }

  /** What the failure of `effect` asks for; a subscriber that throws is logged, and asks for nothing. */
  private followingFailure(effect: ClaimedEffect): Effect[] {
    try {
      return this.options.onFailure?.(effect) ?? [];
    } catch (error) {
      this.log.error({ err: error, effect: { id: effect.id, kind: effect.kind } }, 'a failure subscriber failed');
      return [];
    }
  }

  /**
   * Holds `effect` a lease longer while it runs (a mail whose SMTP server is slow to answer), so
   * that no other worker takes it meanwhile; only this attempt's hold, and only until it is done.
   */
  private async renew(effect: ClaimedEffect): Promise<void> {
    try {
      await this.db
        .update(effects)
        .set({ lockedUntil: sql`now() + ${this.leaseMs} * interval '1 millisecond'` })
        .where(
          sql`${effects.id} = ${effect.id} and ${effects.attempts} = ${effect.attempts} and ${effects.doneAt} is null`,
        );
    } catch (error) {
      this.log.warn({ err: error, effect: { id: effect.id, kind: effect.kind } }, 'an effect’s lease was not renewed');
    }
  }

  private async run(effect: ClaimedEffect): Promise<void> {
    const renewal = setInterval(() => void this.renew(effect), this.leaseMs / 3);
    renewal.unref();
    try {
      const handler = this.handlers[effect.kind];
      if (!handler) throw new Error(`no handler for effects of kind ${effect.kind}`);
      await handler(effect);
      clearInterval(renewal);
      await this.done.load(effect.id);
    } catch (error) {
      clearInterval(renewal);
      const last = effect.attempts >= MAX_ATTEMPTS;
      this.log[last ? 'error' : 'warn'](
        {
          err: error,
          effect: { id: effect.id, kind: effect.kind, orderId: effect.orderId, attempts: effect.attempts },
        },
        last ? 'an effect failed every attempt: it waits for an admin' : 'an effect failed; it will be tried again',
      );
      const recordFailure = (tx: Tx | Db) =>
        tx
          .update(effects)
          .set({
            lockedUntil: null,
            lastError: errorText(error),
            ...(last
              ? { failedAt: sql`now()` }
              : { runAfter: sql`now() + ${backoffMs(effect.attempts)} * interval '1 millisecond'` }),
          })
          .where(sql`${effects.id} = ${effect.id}`);
      const following = this.followingFailure(effect);
      if (following.length === 0) await recordFailure(this.db);
      else {
        await this.db.transaction(async (tx) => {
          await recordFailure(tx);
          await enqueue(tx, following);
        });
      }
    }
  }
}
