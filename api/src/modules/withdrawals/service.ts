import { withdrawalEndsAt, type Withdrawal } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, products, withdrawals } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { assertStep, factsOf, takeStep } from '../orders/core.js';
import { addresseeOf, lockOrder, readWithShopper, type LockedOrder } from '../orders/store.js';
import { settingsRow } from '../settings/service.js';

export interface WithdrawalRequest {
  orderId: number;
  /**
   * The signed-in owner; or a public request whose mailed link was opened (it proved the order's
   * mailbox): the name it gave and when it was submitted, which is when the law counts it.
   */
  who: { userId: number } | { confirmed: { name: string; submittedAt: Date } };
  items?: { orderItemId: number; quantity: number; sealIntact?: boolean | undefined }[] | undefined;
  reason?: string | undefined;
  /**
   * What a caller that holds the order locked in this transaction already read (a return: decision
   * 0069): the locked order, the withdrawal period in days and the order's lines, not read again.
   */
  known?:
    | { order: LockedOrder; returnDays: number; lines: { id: number; quantity: number; hygieneSealed: boolean }[] }
    | undefined;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

export const SEAL_MESSAGES = {
  unsaid: 'Say whether the hygiene seal is intact.',
  unsaidAll: 'Name the items, and say for each sealed one whether its hygiene seal is intact.',
  broken:
    'The hygiene seal of this item was broken after delivery: the right of withdrawal no longer applies to it. You can still withdraw from the other items.',
} as const;

/**
 * Hygiene-sealed lines of a delivered order (YEAR.md section 2, the same rule as a return's): the
 * shopper says whether each seal is intact (400 unsaid), and a broken one ends the withdrawal of
 * that line (409 SEAL_BROKEN). Before delivery no seal can have been broken; a public request
 * (confirmed by its mailed link) names no lines and is not asked: its form says the rule.
 */
function checkSeals(
  lines: { id: number; hygieneSealed: boolean }[],
  request: Pick<WithdrawalRequest, 'items' | 'who'>,
  delivered: boolean,
) {
  if (!delivered || !('userId' in request.who)) return;
  if (!request.items) {
    if (lines.some((line) => line.hygieneSealed)) throw invalid('items', SEAL_MESSAGES.unsaidAll);
    return;
  }
  request.items.forEach((item, index) => {
    if (!lines.find((line) => line.id === item.orderItemId)?.hygieneSealed) return;
    const field = `items.${index}.sealIntact`;
    if (item.sealIntact === undefined) throw invalid(field, SEAL_MESSAGES.unsaid);
    if (!item.sealIntact) throw new AppError('SEAL_BROKEN', SEAL_MESSAGES.broken, { [field]: SEAL_MESSAGES.broken });
  });
}

export type RecordedWithdrawal = Withdrawal['withdrawal'] & { name: string; email: string };

/**
 * The withdrawal function (Directive (EU) 2023/2673, docs/decisions/0024): a shopper
 * withdraws from the contract of a paid or placed order, from purchase until `returnDays` after
 * delivery (counted at the submission), once. All lines by default, or some of them. Answers what
 * was recorded, with the order's own name and email, which the acknowledgement greets and goes
 * to. Another shopper's order is "not found".
 */
export const withdraw = (db: Db, request: WithdrawalRequest): Promise<RecordedWithdrawal> =>
  db.transaction((tx) => recordWithdrawal(tx, request));

/** `withdraw` inside the caller's transaction (a confirmed public request marks itself used in the same one). */
export async function recordWithdrawal(tx: Tx, request: WithdrawalRequest): Promise<RecordedWithdrawal> {
  const locked =
    request.known?.order ??
    (await lockOrder(tx, request.orderId, 'userId' in request.who ? { of: request.who.userId } : {}));
  const found = locked && (await readWithShopper(tx, locked.id));
  if (!locked || !found) throw notFound('Order not found');
  const order = { ...locked, ...addresseeOf(found) };
  const submittedAt = 'confirmed' in request.who ? request.who.confirmed.submittedAt : new Date();
  // A second withdrawal: 409 ALREADY_WITHDRAWN (the table's rule, on the locked order's facts).
  assertStep('withdraw', factsOf(locked), 'shopper');
  const returnDays = request.known?.returnDays ?? (await settingsRow(tx)).returnDays;
  const endsAt = withdrawalEndsAt(order.deliveredAt, returnDays);
  if (endsAt && submittedAt > endsAt) {
    throw conflict(
      'WITHDRAWAL_PERIOD_OVER',
      `The ${returnDays}-day withdrawal period for this order ended on ${endsAt.toISOString().slice(0, 10)}.`,
    );
  }
  const lines =
    request.known?.lines ??
    (await tx
      .select({ id: orderItems.id, quantity: orderItems.quantity, hygieneSealed: products.hygieneSealed })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, order.id)));
  // Kept as the lines and their quantities (the seal's answer decides, it is not the record).
  const items = (request.items ?? lines).map((item) =>
    'orderItemId' in item
      ? { orderItemId: item.orderItemId, quantity: item.quantity }
      : { orderItemId: item.id, quantity: item.quantity },
  );
  const seen = new Set<number>();
  items.forEach((item, index) => {
    const line = lines.find((candidate) => candidate.id === item.orderItemId);
    if (!line || seen.has(item.orderItemId))
      throw invalid(`items.${index}.orderItemId`, 'This is not an item of this order.');
    if (item.quantity > line.quantity) {
      throw invalid(`items.${index}.quantity`, `At most ${line.quantity} of this item were ordered.`);
    }
    seen.add(item.orderItemId);
  });
  checkSeals(lines, request, order.deliveredAt !== null);
  const email = order.email ?? '';
  const [row] = await tx
    .insert(withdrawals)
    .values({
      orderId: order.id,
      submittedAt,
      items,
      reason: request.reason || null,
      // The declarant as they named themself (kept for the record, never mailed).
      name: 'confirmed' in request.who ? request.who.confirmed.name : order.name,
      email,
      via: 'userId' in request.who ? 'account' : 'public',
    })
    .returning();
  // The withdrawal changes no state (the table says so): the owner settles it by a refund or a return.
  await takeStep(tx, locked, 'withdraw', { actor: 'shopper', detail: { via: row!.via, withdrawalId: row!.id } });
  return {
    id: row!.id,
    orderId: order.id,
    reference: order.reference,
    submittedAt: row!.submittedAt.toISOString(),
    items: row!.items,
    name: order.name,
    email,
  };
}

/** A recorded withdrawal with its order and the order's addressee (its mails'), or undefined. */
export async function withdrawalAddressed(db: Db, withdrawalId: number) {
  const [withdrawal] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  const found = withdrawal && (await readWithShopper(db, withdrawal.orderId));
  return found && { withdrawal, row: found.row, ...addresseeOf(found) };
}
