import type { ReceiveReturnBody, ReturnStatus } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { returnLines, returns } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { audit, type AuditAction } from '../../platform/audit.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { lockOrder } from '../orders/store.js';
import { readAdminReturn } from './admin.js';
import { RETURN_MAIL, type ReturnMailKind } from './effect-kinds.js';
import { releaseExchangeStock } from './held.js';
import { labelAfterApproval } from './label.js';
import { settleReturn } from './outcomes.js';
import type { AdminReturnRead, ReturnRow } from './read.js';

/*
 * The owner's side of a return (YEAR.md section 2): approve, reject with a reason, receive with
 * each unit's condition. Each runs on the order locked, then the return's row locked (the order
 * in which the shopper's request takes them), and moves it from the statuses it allows only: a
 * double click or a second admin finds it moved and gets 409 INVALID_TRANSITION, nothing done twice.
 */

const STATUS_NAMES: Record<ReturnStatus, string> = {
  requested: 'requested',
  approved: 'approved',
  'in-transit': 'on its way',
  received: 'received',
  refunded: 'refunded',
  exchanged: 'exchanged',
  credited: 'credited',
  rejected: 'rejected',
};

/** `fn` on the return locked (404 when there is none), from one of `from` only (409 otherwise); audited and mailed. */
async function transition(
  db: Db,
  id: number,
  from: readonly ReturnStatus[],
  what: string,
  fn: (tx: Tx, row: ReturnRow) => Promise<{ action: AuditAction; mail: ReturnMailKind | null; detail?: object }>,
  actorId: number,
): Promise<AdminReturnRead> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ orderId: returns.orderId }).from(returns).where(eq(returns.id, id));
    if (!found) throw notFound('Return not found');
    await lockOrder(tx, found.orderId);
    const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
    if (!from.includes(row!.status)) {
      throw conflict(
        'INVALID_TRANSITION',
        `Return ${row!.reference} is ${STATUS_NAMES[row!.status]}: it cannot be ${what} now.`,
      );
    }
    const done = await fn(tx, row!);
    await audit(tx, { actorId, action: done.action, target: `return:${id}`, detail: { ...done.detail } });
    if (done.mail) {
      await enqueue(tx, [
        RETURN_MAIL.effect({ returnId: id, kind: done.mail }, { id: `${id}:${done.mail}`, orderId: row!.orderId }),
      ]);
    }
  });
  return readAdminReturn(db, id);
}

/**
 * `POST /api/admin/returns/{id}/approve`: a requested return is approved (the shopper is told to
 * send it); a received one kept for the owner's word (damaged units of a return that is no defect)
 * is settled: its outcome runs.
 */
export const approveReturn = (db: Db, actorId: number, id: number) =>
  transition(
    db,
    id,
    ['requested', 'received'],
    'approved',
    async (tx, row) => {
      if (row.status === 'received') {
        await settleReturn(tx, row, actorId);
        return { action: 'return.approve', mail: null, detail: { settled: true } };
      }
      await tx
        .update(returns)
        .set({ status: 'approved', decidedAt: new Date(), updatedAt: new Date() })
        .where(eq(returns.id, id));
      await labelAfterApproval(tx, row);
      return { action: 'return.approve', mail: 'approved' };
    },
    actorId,
  );

/**
 * `POST /api/admin/returns/{id}/reject { reason }` from requested or received: the shopper reads
 * the reason, and what the exchange held goes back to stock (the shopper keeps what they have).
 */
export const rejectReturn = (db: Db, actorId: number, id: number, reason: string) =>
  transition(
    db,
    id,
    ['requested', 'received'],
    'rejected',
    async (tx) => {
      await releaseExchangeStock(tx, id);
      await tx
        .update(returns)
        .set({ status: 'rejected', rejectReason: reason, decidedAt: new Date(), updatedAt: new Date() })
        .where(eq(returns.id, id));
      return { action: 'return.reject', mail: 'rejected', detail: { reason } };
    },
    actorId,
  );

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

/**
 * `POST /api/admin/returns/{id}/receive`: what came back, by condition (a line may come twice, in
 * two conditions; each line's units add up to what was returned: 400 otherwise). The return is
 * received and, unless units came back damaged from a return that is no defect (kept `received`
 * for the owner to approve or reject), settled at once: resellable units back on hand, then its outcome.
 */
export const receiveReturn = (db: Db, actorId: number, id: number, body: ReceiveReturnBody) =>
  transition(
    db,
    id,
    ['approved', 'in-transit'],
    'received',
    async (tx, row) => {
      const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, id));
      const counted = new Map(lines.map((line) => [line.orderItemId, { resell: 0, damaged: 0 }]));
      for (const [index, line] of body.lines.entries()) {
        const count = counted.get(line.orderItemId);
        if (!count) throw invalid(`lines.${index}.orderItemId`, 'This is not a line of this return.');
        count[line.condition] += line.quantity;
      }
      for (const line of lines) {
        const count = counted.get(line.orderItemId)!;
        if (count.resell + count.damaged !== line.quantity) {
          throw invalid(
            'lines',
            `Line ${line.orderItemId} came back with ${line.quantity} unit(s): say the condition of each, no more.`,
          );
        }
      }
      for (const line of lines) {
        await tx.update(returnLines).set(counted.get(line.orderItemId)!).where(eq(returnLines.id, line.id));
      }
      const received = { ...row, status: 'received' as const, receivedAt: new Date() };
      await tx
        .update(returns)
        .set({ status: 'received', receivedAt: received.receivedAt, updatedAt: new Date() })
        .where(eq(returns.id, id));
      const damaged = [...counted.values()].some((count) => count.damaged > 0);
      const keptForOwner = damaged && lines.every((line) => line.reason !== 'defective');
      if (!keptForOwner) await settleReturn(tx, received, actorId);
      return { action: 'return.receive', mail: 'received', detail: { lines: body.lines, settled: !keptForOwner } };
    },
    actorId,
  );
