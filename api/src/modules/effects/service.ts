import type { Effect, EffectsResponse } from '@shop/contract';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { effects } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';

/** Most effects one answer lists: more failing at once is one outage, and the newest say which. */
const LIST_LIMIT = 100;

type EffectRow = typeof effects.$inferSelect;

const toEffect = (row: EffectRow): Effect => ({
  id: row.id,
  kind: row.kind,
  orderId: row.orderId,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  runAfter: row.failedAt ? null : row.runAfter.toISOString(),
  failedAt: row.failedAt?.toISOString() ?? null,
});

const FAILED = and(isNotNull(effects.failedAt), isNull(effects.doneAt));
const RETRYING = and(isNull(effects.failedAt), isNull(effects.doneAt), gt(effects.attempts, 0));

/** The effects that gave up (or are being retried), newest first, with how many there are. */
export async function listEffects(db: Db, state: 'failed' | 'retrying'): Promise<EffectsResponse> {
  const where = state === 'failed' ? FAILED : RETRYING;
  const [rows, [count]] = await Promise.all([
    db.select().from(effects).where(where).orderBy(desc(effects.id)).limit(LIST_LIMIT),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(effects)
      .where(where),
  ]);
  return { data: rows.map(toEffect), total: count?.total ?? 0 };
}

/** Gives a failed effect its attempts again, due now (audited). Answers it as it now stands. */
export async function retryEffect(db: Db, actorId: number, id: number): Promise<Effect> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(effects).where(eq(effects.id, id)).for('update');
    if (!row) throw notFound('No such task.');
    if (row.doneAt || !row.failedAt) {
      throw new AppError('INVALID_TRANSITION', 'Only a task that failed can be retried: this one is not waiting.');
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
