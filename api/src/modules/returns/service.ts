import {
  fromCents,
  paidForUnits,
  withdrawalEndsAt,
  type CreateReturnBodySchema,
  type Return,
  type ReturnOutcome,
} from '@shop/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  orderItems,
  productColors,
  products,
  productSizes,
  productStock,
  returnLines,
  returns,
  withdrawals,
} from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { lockOrder, readOrder, type OrderRow } from '../orders/store.js';
import { settingsRow, type SettingsRow } from '../settings/service.js';
import { lockVariants } from '../stock/service.js';
import { recordWithdrawal } from '../withdrawals/service.js';

/*
 * Returns and size exchanges by the shopper (YEAR.md section 2, docs/decisions/0056): what may
 * come back, what the shopper gets for it, and the request itself (the exchange's new variant
 * held at once, as checkout holds stock).
 */

type ReturnBody = z.output<typeof CreateReturnBodySchema>;
type ReturnRow = typeof returns.$inferSelect;
type LineRow = typeof returnLines.$inferSelect;

const DAY_MS = 86_400_000;

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

/** The later of the withdrawal period and the voluntary window, counted from delivery. */
export const returnWindowEndsAt = (
  deliveredAt: Date,
  settings: Pick<SettingsRow, 'returnDays' | 'returnsWindowDays'>,
) => new Date(deliveredAt.getTime() + Math.max(settings.returnDays, settings.returnsWindowDays) * DAY_MS);

/** What a refund return's label costs the shopper who pays it: the shop's delivery price of the order's kind. */
function labelPrice(order: OrderRow, settings: SettingsRow): number {
  // The shopper hands it in at an office (or a locker, priced as one when the owner set no price).
  return order.delivery?.method === 'address' ? settings.deliveryAddressCents : settings.deliveryOfficeCents;
}

/** A checked request: the lines with their order lines and products, and the money. */
interface Assessed {
  order: OrderRow;
  settings: SettingsRow;
  withinWithdrawal: boolean;
  lines: {
    body: ReturnBody['lines'][number];
    item: typeof orderItems.$inferSelect;
    stockTracked: boolean;
  }[];
  refundCents: number;
  labelCostCents: number;
}

/** Units of each order line still returnable: bought, less what live returns and a withdrawal of its own took. */
async function unitsLeft(db: Db | Tx, orderId: number, items: (typeof orderItems.$inferSelect)[]) {
  const [taken, withdrawn] = await Promise.all([
    db
      .select({ orderItemId: returnLines.orderItemId, quantity: sql<number>`sum(${returnLines.quantity})::int` })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(and(eq(returns.orderId, orderId), ne(returns.status, 'rejected')))
      .groupBy(returnLines.orderItemId),
    // A withdrawal made by a return is counted in that return's lines; another one took its lines.
    db
      .select({ items: withdrawals.items })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.orderId, orderId),
          sql`not exists (select 1 from returns r where r.withdrawal_id = ${withdrawals.id})`,
        ),
      ),
  ]);
  const left = new Map(items.map((item) => [item.id, item.quantity]));
  const take = (id: number, quantity: number) => left.set(id, Math.max(0, (left.get(id) ?? 0) - quantity));
  for (const row of taken) take(row.orderItemId, row.quantity);
  for (const row of withdrawn) {
    for (const entry of row.items) take(entry.orderItemId, entry.quantity);
  }
  return left;
}

/**
 * Checks a request against the order and the rules of YEAR.md section 2, in the order the refusals
 * apply (404, NOTHING_TO_RETURN for an order not delivered, RETURN_WINDOW_OVER, 400 fields,
 * NOTHING_TO_RETURN, FINAL_SALE), and prices it. Stock is checked by the caller.
 */
async function assess(db: Db | Tx, order: OrderRow | null | undefined, body: ReturnBody, now: Date): Promise<Assessed> {
  if (!order) throw notFound('Order not found');
  if (order.deliveredAt === null) throw conflict('NOTHING_TO_RETURN', 'Only a delivered order can be returned.');
  const settings = await settingsRow(db);
  const endsAt = returnWindowEndsAt(order.deliveredAt, settings);
  if (now > endsAt) {
    throw conflict(
      'RETURN_WINDOW_OVER',
      `The time to return this order ended on ${endsAt.toISOString().slice(0, 10)}.`,
    );
  }
  const withinWithdrawal = now <= withdrawalEndsAt(order.deliveredAt, settings.returnDays)!;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const productIds = [...new Set(items.map((item) => item.productId))];
  const flags =
    productIds.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            finalSale: products.finalSale,
            hygieneSealed: products.hygieneSealed,
            stockTracked: products.stockTracked,
          })
          .from(products)
          .where(inArray(products.id, productIds));
  const left = await unitsLeft(db, order.id, items);

  const lines = body.lines.map((line, index) => {
    const item = items.find((candidate) => candidate.id === line.orderItemId);
    if (!item) throw invalid(`lines.${index}.orderItemId`, 'This is not a line of this order.');
    const units = left.get(item.id) ?? 0;
    if (units > 0 && line.quantity > units) {
      throw invalid(`lines.${index}.quantity`, `At most ${units} of this line can still be returned.`);
    }
    const product = flags.find((candidate) => candidate.id === item.productId);
    if (product?.hygieneSealed && line.sealIntact === undefined) {
      throw invalid(`lines.${index}.sealIntact`, 'Say whether the hygiene seal is intact.');
    }
    if (product?.hygieneSealed && line.sealIntact === false && line.reason !== 'defective') {
      throw invalid(`lines.${index}.sealIntact`, 'A hygiene-sealed item comes back only with its seal intact.');
    }
    if (body.outcome === 'exchange' && !line.exchangeFor) {
      throw invalid(`lines.${index}.exchangeFor`, 'Choose the size or colour you want instead.');
    }
    if (body.outcome !== 'exchange' && line.exchangeFor) {
      throw invalid(`lines.${index}.exchangeFor`, 'Only an exchange takes another size or colour.');
    }
    if (line.exchangeFor && line.exchangeFor.colorId === item.colorId && line.exchangeFor.size === item.size) {
      throw invalid(`lines.${index}.exchangeFor`, 'Choose another size or colour than the one you have.');
    }
    return { body: line, item, stockTracked: product?.stockTracked ?? false, units, product };
  });
  if (lines.some((line) => line.units === 0)) {
    throw conflict('NOTHING_TO_RETURN', 'These items were already returned or withdrawn from.');
  }
  if (!withinWithdrawal && lines.some((line) => line.product?.finalSale)) {
    throw conflict('FINAL_SALE', 'A final-sale item can be returned only within the withdrawal period.');
  }
  await checkExchangeVariants(db, lines);

  const paid = lines.reduce(
    (sum, { item, body: line }) =>
      sum +
      paidForUnits(
        {
          unitPrice: fromCents(item.unitPriceCents),
          quantity: item.quantity,
          discount: fromCents(item.discountCents),
        },
        line.quantity,
      ),
    0,
  );
  const { refundCents, labelCostCents } = priced(body.outcome, paid, order, settings, lines);
  return { order, settings, withinWithdrawal, lines, refundCents, labelCostCents };
}

/** An exchange is for another colour and size of the same product (400 otherwise). */
async function checkExchangeVariants(
  db: Db | Tx,
  lines: { body: ReturnBody['lines'][number]; item: typeof orderItems.$inferSelect }[],
) {
  for (const [index, { body, item }] of lines.entries()) {
    if (!body.exchangeFor) continue;
    const [color] = await db
      .select({ id: productColors.id })
      .from(productColors)
      .where(and(eq(productColors.id, body.exchangeFor.colorId), eq(productColors.productId, item.productId)));
    const [size] = await db
      .select({ size: productSizes.size })
      .from(productSizes)
      .where(and(eq(productSizes.productId, item.productId), eq(productSizes.size, body.exchangeFor.size)));
    if (!color || !size) {
      throw invalid(`lines.${index}.exchangeFor`, 'An exchange is for another size or colour of the same product.');
    }
  }
}

/**
 * What the shopper gets back: for a refund, what the lines cost less the label when the shopper
 * pays it (never for a defect); store credit adds the bonus and costs no label; an exchange, nothing.
 */
function priced(
  outcome: ReturnOutcome,
  paidCents: number,
  order: OrderRow,
  settings: SettingsRow,
  lines: { body: { reason: string } }[],
): { refundCents: number; labelCostCents: number } {
  if (outcome === 'exchange') return { refundCents: 0, labelCostCents: 0 };
  if (outcome === 'store-credit') {
    return {
      refundCents: paidCents + Math.floor((paidCents * settings.returnsStoreCreditBonusPercent) / 100),
      labelCostCents: 0,
    };
  }
  const shopperPays = settings.returnsShipping === 'shopper' && lines.every((line) => line.body.reason !== 'defective');
  const labelCostCents = shopperPays ? Math.min(labelPrice(order, settings), paidCents) : 0;
  return { refundCents: paidCents - labelCostCents, labelCostCents };
}

/** What the exchange variants have left to sell (0 when gone); untracked products are never short. */
async function shortOfStock(db: Db | Tx, lines: Assessed['lines']): Promise<boolean> {
  for (const { body, stockTracked } of lines) {
    if (!body.exchangeFor || !stockTracked) continue;
    const [row] = await db
      .select({ available: sql<number>`${productStock.onHand} - ${productStock.reserved}` })
      .from(productStock)
      .where(and(eq(productStock.colorId, body.exchangeFor.colorId), eq(productStock.size, body.exchangeFor.size)));
    if (!row || row.available < body.quantity) return true;
  }
  return false;
}

const outOfStock = () =>
  new AppError('OUT_OF_STOCK', 'The size or colour you asked for is no longer in stock: choose another, or a refund.');

/** `POST /api/orders/{id}/returns/quote`: what the shopper would get back and pay for the label, before confirming. */
export async function quoteReturn(db: Db, userId: number, orderId: number, body: ReturnBody) {
  const order = await readOrder(db, orderId);
  const assessed = await assess(db, order && order.userId === userId ? order : null, body, new Date());
  if (await shortOfStock(db, assessed.lines)) throw outOfStock();
  return { refund: assessed.refundCents, labelCost: assessed.labelCostCents };
}

/**
 * `POST /api/orders/{id}/returns`: the shopper's request, on the order locked (one request of an
 * order at a time), the exchange variants locked in the fixed order and held at once (with one
 * left and many asking, exactly one holds it), the withdrawal of those lines recorded when made
 * within the withdrawal period, approved at once with `autoApprove`.
 */
export async function requestReturn(db: Db, userId: number, orderId: number, body: ReturnBody): Promise<Return> {
  const id = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId, { of: userId });
    const now = new Date();
    const assessed = await assess(tx, locked, body, now);
    const order = locked!;
    await holdExchangeStock(tx, assessed.lines);

    let withdrawalId: number | null = null;
    if (assessed.withinWithdrawal && !locked!.withdrawn) {
      const recorded = await recordWithdrawal(tx, {
        orderId: order.id,
        who: { userId },
        items: assessed.lines.map(({ body: line }) => ({ orderItemId: line.orderItemId, quantity: line.quantity })),
        reason: `Return (${body.lines.map((line) => line.reason).join(', ')})`,
      });
      withdrawalId = recorded.id;
    }
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(returns)
      .where(eq(returns.orderId, order.id))) as [{ count: number }];
    const [row] = await tx
      .insert(returns)
      .values({
        reference: `${order.reference}-R${count + 1}`,
        orderId: order.id,
        userId,
        status: assessed.settings.returnsAutoApprove ? 'approved' : 'requested',
        decidedAt: assessed.settings.returnsAutoApprove ? now : null,
        outcome: body.outcome,
        note: body.note || null,
        refundCents: assessed.refundCents,
        labelCostCents: assessed.labelCostCents,
        withdrawalId,
      })
      .returning({ id: returns.id });
    await tx.insert(returnLines).values(
      assessed.lines.map(({ body: line, item, stockTracked }) => ({
        returnId: row!.id,
        orderItemId: item.id,
        productId: item.productId,
        quantity: line.quantity,
        reason: line.reason,
        exchangeColorId: line.exchangeFor?.colorId ?? null,
        exchangeSize: line.exchangeFor?.size ?? null,
        held: line.exchangeFor && stockTracked ? line.quantity : 0,
        sealIntact: line.sealIntact ?? null,
      })),
    );
    return row!.id;
  });
  return (await readReturns(db, { id }))[0]!;
}

/**
 * Holds the exchange variants (`reserved`), their rows locked in the fixed order first: a variant
 * without enough left refuses the whole request (409 OUT_OF_STOCK), nothing held.
 */
async function holdExchangeStock(tx: Tx, lines: Assessed['lines']): Promise<void> {
  const wanted = new Map<string, { colorId: number; size: string; quantity: number }>();
  for (const { body, stockTracked } of lines) {
    if (!body.exchangeFor || !stockTracked) continue;
    const key = `${body.exchangeFor.colorId}:${body.exchangeFor.size}`;
    const entry = wanted.get(key) ?? { ...body.exchangeFor, quantity: 0 };
    entry.quantity += body.quantity;
    wanted.set(key, entry);
  }
  if (wanted.size === 0) return;
  const variants = sql.join(
    [...wanted.values()].map((variant) => sql`(${variant.colorId}::int, ${variant.size}::varchar)`),
    sql`, `,
  );
  await lockVariants(tx, sql`values ${variants}`);
  for (const variant of wanted.values()) {
    const held = await tx
      .update(productStock)
      .set({ reserved: sql`${productStock.reserved} + ${variant.quantity}`, updatedAt: new Date() })
      .where(
        and(
          eq(productStock.colorId, variant.colorId),
          eq(productStock.size, variant.size),
          sql`${productStock.onHand} - ${productStock.reserved} >= ${variant.quantity}`,
        ),
      )
      .returning({ colorId: productStock.colorId });
    if (held.length === 0) throw outOfStock();
  }
}

/** Gives back what a return's exchange lines hold (rejected: the shopper keeps what they have). */
export async function releaseExchangeStock(tx: Tx, returnId: number): Promise<void> {
  const held = await tx
    .select()
    .from(returnLines)
    .where(and(eq(returnLines.returnId, returnId), sql`${returnLines.held} > 0`));
  for (const line of held) {
    await tx
      .update(productStock)
      .set({ reserved: sql`greatest(${productStock.reserved} - ${line.held}, 0)`, updatedAt: new Date() })
      .where(and(eq(productStock.colorId, line.exchangeColorId!), eq(productStock.size, line.exchangeSize!)));
  }
  await tx.update(returnLines).set({ held: 0 }).where(eq(returnLines.returnId, returnId));
}

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
  return rows.map((row) =>
    toReturn(
      row,
      lines.filter((line) => line.returnId === row.id),
    ),
  );
}

function toReturn(row: ReturnRow, lines: LineRow[]): Return {
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
    label: row.label ? { url: `/api/returns/${row.id}/label`, ...row.label } : null,
    rejectReason: row.rejectReason,
    withdrawal: row.withdrawalId !== null,
    exchangeOrderId: row.exchangeOrderId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `GET /api/orders/{id}/returns`: the shopper's returns of one of their orders (another's: 404). */
export async function listOrderReturns(db: Db, userId: number, orderId: number): Promise<Return[]> {
  const order = await readOrder(db, orderId);
  if (!order || order.userId !== userId) throw notFound('Order not found');
  return readReturns(db, { orderId });
}
