import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { effects } from '../../db/schema.js';
import { effectKind, handle, type EffectKind, type EffectOptions } from './declare.js';
import { enqueue, type ClaimedEffect, type Effect, type EffectHandler } from './outbox.js';

/**
 * Timed work as effects due at a time (docs/decisions/0052): the outbox runs each once, in one
 * process, when it is due, after a restart as well; no process keeps a timer of its own.
 */

/** One occurrence of a recurring effect: its period's name (the key's id: `2026-11-29`) and when it is due. */
export interface Occurrence {
  period: string;
  at: Date;
}

/** When a recurring effect is due: its first occurrence strictly after an instant. */
export type Schedule = (after: Date) => Occurrence;

/** Every `ms` milliseconds, at whole multiples of it since the epoch, each named by its instant (`2026-11-29T00:15:00Z`). */
export const everyMs =
  (ms: number): Schedule =>
  (after) => {
    const at = new Date((Math.floor(after.getTime() / ms) + 1) * ms);
    return { period: at.toISOString().replace('.000Z', 'Z'), at };
  };

/** The calendar day of `at` in `timeZone`, YYYY-MM-DD. */
export const dayIn = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The instant that reads `day` at `hour`:00 on the clocks of `timeZone` (summer time followed). */
export function wallClock(day: string, hour: number, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, date, hour);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  // The zone's offset at a guess, twice: the second guess falls on the right side of a change of the clocks.
  let guess = wanted;
  for (let i = 0; i < 2; i += 1) {
    const read = Object.fromEntries(
      parts.formatToParts(new Date(guess)).map((part) => [part.type, Number(part.value)]),
    );
    const shown = Date.UTC(read.year!, read.month! - 1, read.day, read.hour, read.minute);
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** Every day at `hour`:00 in `timeZone` (the shop's, Bulgaria's, by default), each named by its day (`2026-11-29`). */
export const dailyAt =
  (hour: number, timeZone = 'Europe/Sofia'): Schedule =>
  (after) => {
    const today = dayIn(after, timeZone);
    const at = wallClock(today, hour, timeZone);
    if (at > after) return { period: today, at };
    const [year, month, date] = today.split('-').map(Number) as [number, number, number];
    const tomorrow = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
    return { period: tomorrow, at: wallClock(tomorrow, hour, timeZone) };
  };

const OCCURRENCE = z.object({
  /** Its period: the key's id. */
  period: z.string(),
  /** When it was due (ISO). */
  at: z.string(),
  /** The key of the occurrence that wrote it, removed once it runs (only the last is kept). */
  previous: z.string().optional(),
});
export type OccurrencePayload = z.infer<typeof OCCURRENCE>;

/**
 * A kind of effect that comes back on a schedule: each occurrence is an effect keyed by its
 * period (`mail.owner.low-stock:2026-11-29`), so that every process may write it (at start, and
 * each run writes the next one) and it exists, and runs, once.
 */
export interface Recurring {
  readonly kind: EffectKind<OccurrencePayload>;
  readonly schedule: Schedule;
  /** The occurrence due first after `now` (what every process writes at start). */
  next(now?: Date, previous?: string): Effect;
  /** The occurrence of `period`, due at `at` (a test's, or a day's written by hand). */
  occurrence(period: string, at: Date): Effect;
}

/** Declares a recurring kind of effect: its name and its schedule. Its handler is `handleEvery`. */
export function every(name: string, schedule: Schedule): Recurring {
  const kind = effectKind(name, OCCURRENCE);
  const occurrence = (period: string, at: Date, previous?: string) =>
    kind.effect({ period, at: at.toISOString(), ...(previous ? { previous } : {}) }, { id: period, runAfter: at });
  return {
    kind,
    schedule,
    occurrence: (period, at) => occurrence(period, at),
    next(now = new Date(), previous) {
      const { period, at } = schedule(now);
      return occurrence(period, at, previous);
    },
  };
}

/**
 * An effect due at `when` (a gift card's send date, a reminder, a sale's start): `KIND.effect`
 * with its time, keyed by `options.id` (which should name the time when the same thing may be due
 * again at another: `sale.boundary:2026-12-01T00:00:00Z`).
 */
export const at = <P>(kind: EffectKind<P>, when: Date, payload: P, options: Omit<EffectOptions, 'runAfter'>): Effect =>
  kind.effect(payload, { ...options, runAfter: when });

/**
 * A recurring kind's handler: it first writes the next occurrence (after now, or after this one
 * when the clock of this process is behind the database's), so that a failing run is retried on
 * its own while the schedule goes on, then removes the occurrence before this one, then does the
 * work. A late occurrence (the shop was down at its time) runs once, and the next is the next to
 * come: missed periods are not run one by one.
 */
export function handleEvery(
  db: Db,
  recurring: Recurring,
  run: (occurrence: OccurrencePayload, effect: ClaimedEffect) => Promise<unknown>,
): Record<string, EffectHandler> {
  return handle(recurring.kind, async (occurrence, effect) => {
    const due = new Date(occurrence.at);
    const now = new Date();
    await enqueue(db, [recurring.next(now > due ? now : due, effect.key)]);
    if (occurrence.previous) {
      await db.delete(effects).where(sql`${effects.key} = ${occurrence.previous} and ${effects.doneAt} is not null`);
    }
    await run(occurrence, effect);
  });
}

/**
 * Writes each recurring kind's next occurrence (at start, by every process: the key makes it one
 * row). One that is already written, or overdue from before a restart, is kept as it is.
 */
export async function planRecurring(db: Db, list: readonly Recurring[], now = new Date()): Promise<void> {
  await enqueue(
    db,
    list.map((recurring) => recurring.next(now)),
  );
}
