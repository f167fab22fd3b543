import type { AdminReturn, Return, ReturnDropOff } from '@shop/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { courierOffices, returnLines, returns } from '../../db/schema.js';
import type { OfficeRow } from '../couriers/offices.js';
import { CARRIER_NAME } from '../couriers/shipments.js';
import { labelSigner, type LabelSignature } from './label.js';

/** Returns as the API answers them (the shopper's and, with more, the owner's: admin.ts). */

export type ReturnRow = typeof returns.$inferSelect;
export type LineRow = typeof returnLines.$inferSelect;

/** A return's label as the services read it: its link's signature, whose address the route gives (answers.ts). */
type LabelRead = Omit<NonNullable<Return['label']>, 'url'> & { signature: LabelSignature };
type WithLabelRead<T extends Return> = Omit<T, 'label'> & { label: LabelRead | null };
export type ReturnRead = WithLabelRead<Return>;
export type AdminReturnRead = WithLabelRead<AdminReturn>;

/** Returns as the API answers them, newest first: of one order, or one by id. */
export async function readReturns(db: Db | Tx, where: { orderId: number } | { id: number }): Promise<ReturnRead[]> {
  const rows = await db
    .select({ row: returns, office: courierOffices })
    .from(returns)
    .leftJoin(courierOffices, eq(courierOffices.id, returns.dropOffOfficeId))
    .where('id' in where ? eq(returns.id, where.id) : eq(returns.orderId, where.orderId))
    .orderBy(asc(returns.id));
  const offices = new Map(rows.map(({ row, office }) => [row.id, office]));
  return toReturns(db, rows.map(({ row }) => row).reverse(), (id) => offices.get(id) ?? null);
}

/** The drop-off office as a return answers it, in both languages. */
export const toDropOff = (office: OfficeRow | null): ReturnDropOff | null =>
  office && {
    id: office.id,
    kind: office.kind,
    name: office.nameEn,
    nameBg: office.name,
    address: office.addressEn,
    addressBg: office.address,
  };

/** The rows with their lines (one query for all), and their drop-off offices when the caller read them. */
export async function toReturns(
  db: Db | Tx,
  rows: ReturnRow[],
  officeOf: (id: number) => OfficeRow | null = () => null,
): Promise<ReturnRead[]> {
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
  const sign = await labelSigner(
    db,
    rows.some((row) => row.label),
  );
  return rows.map((row) =>
    toReturn(
      row,
      lines.filter((line) => line.returnId === row.id),
      sign,
      officeOf(row.id),
    ),
  );
}

/** A row as the API answers it but its label's address; `sign` signs its label's link (label.ts: `labelSigner`). */
export function toReturn(
  row: ReturnRow,
  lines: LineRow[],
  sign: (id: number) => LabelSignature,
  office: OfficeRow | null = null,
): ReturnRead {
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
          signature: sign(row.id),
          courier: CARRIER_NAME[row.label.courier],
          trackingNumber: row.label.trackingNumber,
        }
      : null,
    dropOffOffice: toDropOff(office),
    rejectReason: row.rejectReason,
    withdrawal: row.withdrawalId !== null,
    exchangeOrderId: row.exchangeOrderId,
    createdAt: row.createdAt.toISOString(),
  };
}
