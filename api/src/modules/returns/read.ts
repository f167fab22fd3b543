import type { Return } from '@shop/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { returnLines, returns } from '../../db/schema.js';
import { CARRIER_NAME } from '../couriers/shipments.js';
import { labelSigner } from './label.js';

/** Returns as the API answers them (the shopper's and, with more, the owner's: admin.ts). */

export type ReturnRow = typeof returns.$inferSelect;
export type LineRow = typeof returnLines.$inferSelect;

/** Returns as the API answers them, newest first: of one order, or one by id. */
export async function readReturns(db: Db | Tx, where: { orderId: number } | { id: number }): Promise<Return[]> {
  const rows = await db
    .select()
    .from(returns)
    .where('id' in where ? eq(returns.id, where.id) : eq(returns.orderId, where.orderId))
    .orderBy(asc(returns.id));
  return toReturns(db, rows.reverse());
}

/** The rows with their lines (one query for all). */
export async function toReturns(db: Db | Tx, rows: ReturnRow[]): Promise<Return[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(returnLines)
    .where(
      inArray(
        returnLines.returnId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(returnLines.id));
  const labelUrl = await labelSigner(
    db,
    rows.some((row) => row.label),
  );
  return rows.map((row) =>
    toReturn(
      row,
      lines.filter((line) => line.returnId === row.id),
      labelUrl,
    ),
  );
}

/** A row as the API answers it; `labelUrl` signs its label's link (label.ts: `labelSigner`). */
export function toReturn(row: ReturnRow, lines: LineRow[], labelUrl: (id: number) => string): Return {
  return {
    id: row.id,
    reference: row.reference,
    orderId: row.orderId,
    status: row.status,
    outcome: row.outcome,
    lines: lines.map((line) => ({
      orderItemId: line.orderItemId,
      quantity: line.quantity,
      reason: line.reason,
      exchangeFor:
        line.exchangeColorId !== null && line.exchangeSize !== null
          ? { colorId: line.exchangeColorId, size: line.exchangeSize }
          : null,
      sealIntact: line.sealIntact,
    })),
    refund: row.refundCents,
    labelCost: row.labelCostCents,
    label: row.label
      ? {
          url: labelUrl(row.id),
          courier: CARRIER_NAME[row.label.courier],
          trackingNumber: row.label.trackingNumber,
        }
      : null,
    rejectReason: row.rejectReason,
    withdrawal: row.withdrawalId !== null,
    exchangeOrderId: row.exchangeOrderId,
    createdAt: row.createdAt.toISOString(),
  };
}
