import type { Effect, EffectsResponse } from '@shop/contract';
import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { effects } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';

/** Most effects one answer lists: more failing at once is one outage, and the newest say which. */
const LIST_LIMIT = 100;

type EffectRow = typeof effects.$inferSelect;

const toEffect = (row: EffectRow, waiting: Effect['waiting'] = []): Effect => ({
  id: row.id,
  kind: row.kind,
  orderId: row.orderId,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  runAfter: row.failedAt ? null : row.runAfter.toISOString(),
  failedAt: row.failedAt?.toISOString() ?? null,
  waiting,
});

const PENDING = isNull(effects.doneAt);
const GAVE_UP = and(isNotNull(effects.failedAt), PENDING);
const RETRYING = and(isNull(effects.failedAt), PENDING, gt(effects.attempts, 0));
/** Failing while others wait for it: the shopper hears nothing until it runs (a refused refund). */
const HOLDING_BACK = and(
  RETRYING,
  isNotNull(effects.lastError),
  sql`exists (select 1 from effects w where w.after_key = ${effects.key} and w.done_at is null)`,
);

/** The effects that need the admin (or are being retried), newest first, with how many there are and what waits for each. */
export async function listEffects(db: Db, state: 'failed' | 'retrying'): Promise<EffectsResponse> {
  const where = state === 'failed' ? or(GAVE_UP, HOLDING_BACK) : RETRYING;
  const [rows, [count]] = await Promise.all([
    db.select().from(effects).where(where).orderBy(desc(effects.id)).limit(LIST_LIMIT),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(effects)
      .where(where),
  ]);
  const waiting =
    rows.length === 0
      ? []
      : await db
          .select({ id: effects.id, kind: effects.kind, afterKey: effects.afterKey })
          .from(effects)
          .where(
            and(
              inArray(
                effects.afterKey,
                rows.map((row) => row.key),
              ),
              PENDING,
            ),
          )
          .orderBy(effects.id);
  const waitingFor = (key: string) =>
    waiting.filter((row) => row.afterKey === key).map(({ id, kind }) => ({ id, kind }));
  return { data: rows.map((row) => toEffect(row, waitingFor(row.key))), total: count?.total ?? 0 };
}

/**
 * Runs an effect that failed again, now, with its attempts renewed (audited): one that gave up, or
 * one still being retried (the admin put right what it needed: no need to wait for its backoff).
 * Answers it as it now stands.
 */
export async function retryEffect(db: Db, actorId: number, id: number): Promise<Effect> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(effects).where(eq(effects.id, id)).for('update');
    if (!row) throw notFound('No such task.');
    if (row.doneAt || (!row.failedAt && row.attempts === 0)) {
      throw new AppError('INVALID_TRANSITION', 'Only a task that failed can be retried: this one is not waiting.');
    }
    if (!row.failedAt && row.lockedUntil && row.lockedUntil > new Date()) {
      throw new AppError('INVALID_TRANSITION', 'This task is running now: wait a moment and reload.');
    }
    const [retried] = await tx
      .update(effects)
      .set({ failedAt: null, attempts: 0, runAfter: sql`now()`, lockedUntil: null })
      .where(eq(effects.id, id))
      .returning();
    await audit(tx, { actorId, action: 'effect.retry', target: `effect:${id}`, detail: { kind: row.kind } });
    return toEffect(retried!);
  });
}
