import {
  fromCents,
  paidForUnits,
  withdrawalEndsAt,
  type CreateReturnBodySchema,
  type ReturnOutcome,
} from '@shop/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
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
import type { OrderRow } from '../orders/store.js';
import { settingsRow, type SettingsRow } from '../settings/service.js';

/*
 * What may come back and what the shopper gets for it (YEAR.md section 2, docs/decisions/0056):
 * the rules of a request, in the order its refusals apply, and its money.
 */

export type ReturnBody = z.output<typeof CreateReturnBodySchema>;

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
export interface Assessed {
  order: OrderRow;
  settings: SettingsRow;
  withinWithdrawal: boolean;
  /** Every line of the order. */
  items: (typeof orderItems.$inferSelect)[];
  /** The ids of the order's hygiene-sealed products. */
  sealed: Set<number>;
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
export async function assess(
  db: Db | Tx,
  order: OrderRow | null | undefined,
  body: ReturnBody,
  now: Date,
): Promise<Assessed> {
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
  const sealed = new Set(flags.filter((flag) => flag.hygieneSealed).map((flag) => flag.id));
  return { order, settings, withinWithdrawal, items, sealed, lines, refundCents, labelCostCents };
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
export async function shortOfStock(db: Db | Tx, lines: Assessed['lines']): Promise<boolean> {
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

export const outOfStock = () =>
  new AppError('OUT_OF_STOCK', 'The size or colour you asked for is no longer in stock: choose another, or a refund.');
