import {
  RETURN_REASONS,
  SIZE_REASONS,
  itemNameIn,
  type Language,
  type ReturnReason,
  type ReturnStats,
} from '@shop/contract';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderItems, returnLines, returns } from '../../db/schema.js';
import { CSV_FORMAT, csvRows } from '../../lib/csv.js';
import { deliveredUnitsByProduct } from '../orders/reads.js';

/** What returns teach the owner (YEAR.md section 2): the return rate per product and per reason. */

/** The products listed at most (the highest rates; the CSV has the same). */
const PRODUCTS_MAX = 500;

const noReasons = (): Record<ReturnReason, number> =>
  Object.fromEntries(RETURN_REASONS.map((reason) => [reason, 0])) as Record<ReturnReason, number>;

/** Units returned per product and reason (returns not rejected), with each product's units delivered. */
export async function returnStats(db: Db): Promise<ReturnStats> {
  const rows = await db
    .select({
      productId: returnLines.productId,
      reason: returnLines.reason,
      units: sql<number>`sum(${returnLines.quantity})::int`,
      name: sql<string>`max(${orderItems.name})`,
      nameBg: sql<string>`max(${orderItems.nameBg})`,
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(and(ne(returns.status, 'rejected'), isNotNull(returnLines.productId)))
    .groupBy(returnLines.productId, returnLines.reason);
  const byProduct = new Map<number, { name: string; nameBg: string; reasons: Record<ReturnReason, number> }>();
  const reasons = noReasons();
  for (const row of rows) {
    const entry = byProduct.get(row.productId!) ?? { name: row.name, nameBg: row.nameBg, reasons: noReasons() };
    entry.reasons[row.reason] += Number(row.units);
    reasons[row.reason] += Number(row.units);
    byProduct.set(row.productId!, entry);
  }
  const delivered = await deliveredUnitsByProduct(db, [...byProduct.keys()]);
  const products = [...byProduct.entries()].map(([productId, { name, nameBg, reasons: own }]) => {
    const returned = Object.values(own).reduce((sum, units) => sum + units, 0);
    const sold = delivered.get(productId) ?? 0;
    return {
      productId,
      name,
      nameBg,
      delivered: sold,
      returned,
      rate: sold === 0 ? 0 : Math.round((returned / sold) * 1000) / 1000,
      reasons: own,
    };
  });
  products.sort((a, b) => b.rate - a.rate || b.returned - a.returned || a.productId - b.productId);
  return { products: products.slice(0, PRODUCTS_MAX), reasons };
}

/** The same as CSV in the orders CSV's dialect (a BOM; `;` and a decimal comma in Bulgarian), the names in `lang`. */
export async function returnStatsCsv(db: Db, lang: Language): Promise<string> {
  const { separator, decimal } = CSV_FORMAT[lang];
  const { products } = await returnStats(db);
  const header = ['product_id', 'product', 'delivered', 'returned', 'return_rate_percent', ...RETURN_REASONS];
  const percent = (rate: number) => (Math.round(rate * 1000) / 10).toFixed(1).replace('.', decimal);
  return `\uFEFF${csvRows(
    [
      header,
      ...products.map((row) => [
        row.productId,
        itemNameIn(row, lang),
        row.delivered,
        row.returned,
        percent(row.rate),
        ...RETURN_REASONS.map((reason) => row.reasons[reason]),
      ]),
    ],
    separator,
  )}`;
}

/**
 * How many return lines of a product said it runs small or large (`too-small`, `too-large`): the
 * product page shows them beside the reviews' fit. Every request counts (a rejected return's
 * shopper still found the size wrong).
 */
export async function sizeReturnCounts(db: Db, productId: number): Promise<{ small: number; large: number }> {
  const rows = await db
    .select({ reason: returnLines.reason, count: sql<number>`count(*)::int` })
    .from(returnLines)
    .where(and(eq(returnLines.productId, productId), inArray(returnLines.reason, [...SIZE_REASONS])))
    .groupBy(returnLines.reason);
  const of = (reason: ReturnReason) => Number(rows.find((row) => row.reason === reason)?.count ?? 0);
  return { small: of('too-small'), large: of('too-large') };
}
