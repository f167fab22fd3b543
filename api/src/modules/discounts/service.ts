import { type DiscountCode, type DiscountCodeFields } from '@shop/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { discountCodes } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { codeUsesSql } from '../orders/reads.js';

// Spelled out: inside a select list, drizzle names a column without its table, and "id" would be the order's.
const uses = codeUsesSql(sql`discount_codes.id`);

type CodeRow = typeof discountCodes.$inferSelect & { uses: number };

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function toDiscountCode(row: CodeRow): DiscountCode {
  const value = row.kind === 'free-delivery' ? { kind: row.kind, value: null } : { kind: row.kind, value: row.value };
  return {
    id: row.id,
    code: row.code,
    ...value,
    minSubtotal: row.minSubtotalCents,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    includeSaleItems: row.includeSaleItems,
    active: row.active,
    uses: row.uses,
    createdAt: row.createdAt.toISOString(),
  };
}

const selectCodes = (db: Db | Tx) => db.select({ ...getColumns(), uses }).from(discountCodes);
function getColumns() {
  const { id, code, kind, value, minSubtotalCents, startsAt, endsAt, maxUses, maxUsesPerCustomer } = discountCodes;
  const { includeSaleItems, active, createdAt, updatedAt } = discountCodes;
  return {
    id,
    code,
    kind,
    value,
    minSubtotalCents,
    startsAt,
    endsAt,
    maxUses,
    maxUsesPerCustomer,
    includeSaleItems,
    active,
    createdAt,
    updatedAt,
  };
}

/** Every code, newest first, with its uses. */
export async function listCodes(db: Db): Promise<DiscountCode[]> {
  const rows = await selectCodes(db).orderBy(sql`${discountCodes.id} desc`);
  return rows.map(toDiscountCode);
}

async function readCode(db: Db | Tx, id: number): Promise<DiscountCode> {
  const [row] = await selectCodes(db).where(eq(discountCodes.id, id));
  if (!row) throw notFound('Discount code not found.');
  return toDiscountCode(row);
}

/** The columns of a code's fields: the value in the unit of its kind (percent, or cents). */
function columns(fields: DiscountCodeFields) {
  return {
    code: fields.code,
    kind: fields.kind,
    value: fields.value ?? 0,
    minSubtotalCents: fields.minSubtotal ?? null,
    startsAt: fields.startsAt ? new Date(fields.startsAt) : null,
    endsAt: fields.endsAt ? new Date(fields.endsAt) : null,
    maxUses: fields.maxUses ?? null,
    maxUsesPerCustomer: fields.maxUsesPerCustomer,
    includeSaleItems: fields.includeSaleItems,
    active: fields.active,
  };
}

const CODE_TAKEN = 'There is already a code with these letters (case does not matter)';
const codeTaken = () => new AppError('CONFLICT', `${CODE_TAKEN}.`, { code: CODE_TAKEN });

/** Another code spelled the same ignoring case: 409 on the code field (the unique index settles a race). */
async function saveCode<T>(db: Db, code: string, exceptId: number | null, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const same = sql`lower(${discountCodes.code}) = lower(${code})`;
      const [taken] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(exceptId === null ? same : and(same, ne(discountCodes.id, exceptId)));
      if (taken) throw codeTaken();
      return write(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

const target = (id: number) => `discount-code:${id}`;

export async function createCode(db: Db, actorId: number, fields: DiscountCodeFields): Promise<DiscountCode> {
  return saveCode(db, fields.code, null, async (tx) => {
    const [created] = await tx.insert(discountCodes).values(columns(fields)).returning({ id: discountCodes.id });
    await audit(tx, { actorId, action: 'discount.create', target: target(created!.id), detail: { ...fields } });
    return readCode(tx, created!.id);
  });
}

/** Changes a code; orders that used it keep what they were given. */
export async function updateCode(
  db: Db,
  actorId: number,
  id: number,
  fields: DiscountCodeFields,
): Promise<DiscountCode> {
  return saveCode(db, fields.code, id, async (tx) => {
    const [updated] = await tx
      .update(discountCodes)
      .set({ ...columns(fields), updatedAt: new Date() })
      .where(eq(discountCodes.id, id))
      .returning({ id: discountCodes.id });
    if (!updated) throw notFound('Discount code not found.');
    await audit(tx, { actorId, action: 'discount.update', target: target(id), detail: { ...fields } });
    return readCode(tx, id);
  });
}

/** Deletes a code: orders that used it keep its letters and their discount. */
export async function deleteCode(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(discountCodes)
      .where(eq(discountCodes.id, id))
      .returning({ code: discountCodes.code });
    if (!deleted) throw notFound('Discount code not found.');
    await audit(tx, { actorId, action: 'discount.delete', target: target(id), detail: { code: deleted.code } });
  });
}
