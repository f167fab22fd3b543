import {
  decimalText,
  paidPriceHistory,
  priorPriceCents,
  type PriceChange,
  type PricePoint,
  type SaleBody,
  type SaleSpan,
} from '@shop/contract';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { productPrices, productSales, products } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { lockProduct, productTarget } from '../catalog/product-lock.js';
import { saleBoundary } from './effect-kinds.js';

/**
 * Sale prices (TRADE.md section 4; issue 30). A sale is a fact kept once it started: the price
 * shoppers paid is the regular price's log (product_prices) with the sales laid over it, so the
 * 30-day prior price of a sale, and the history, come from what was, never from a copy kept up to
 * date by hand. At most one sale per product has not ended.
 */

async function regularPrices(tx: Tx | Db, productId: number): Promise<PricePoint[]> {
  return tx
    .select({ priceCents: productPrices.priceCents, at: productPrices.at })
    .from(productPrices)
    .where(eq(productPrices.productId, productId))
    .orderBy(asc(productPrices.at), asc(productPrices.id));
}

async function sales(tx: Tx | Db, productId: number): Promise<(SaleSpan & { id: number })[]> {
  return tx
    .select({
      id: productSales.id,
      priceCents: productSales.priceCents,
      startsAt: productSales.startsAt,
      endsAt: productSales.endsAt,
    })
    .from(productSales)
    .where(eq(productSales.productId, productId))
    .orderBy(asc(productSales.startsAt));
}

/**
 * Ends the product's sales that have not ended by `at`: one that has not started by then never was
 * (it is deleted; nobody paid its price), a running one is kept, ending at `at`. Whether there was one.
 */
async function closeOpenSales(tx: Tx, productId: number, now: Date, at: Date): Promise<boolean> {
  const open = await tx
    .select({ id: productSales.id, startsAt: productSales.startsAt, endsAt: productSales.endsAt })
    .from(productSales)
    .where(and(eq(productSales.productId, productId), or(isNull(productSales.endsAt), gt(productSales.endsAt, now))));
  for (const sale of open) {
    if (sale.startsAt >= at) await tx.delete(productSales).where(eq(productSales.id, sale.id));
    else if (!sale.endsAt || sale.endsAt > at) {
      await tx.update(productSales).set({ endsAt: at }).where(eq(productSales.id, sale.id));
    }
  }
  return open.length > 0;
}

/**
 * The prior price of the product's sales that have not started: the history before their start
 * changed (a new regular price, a sale ended). A running sale's prior price is settled: only what
 * came before its start counts.
 */
export async function refreshPriorPrices(tx: Tx, productId: number, now = new Date()): Promise<void> {
  const [regular, all] = await Promise.all([regularPrices(tx, productId), sales(tx, productId)]);
  for (const sale of all.filter((candidate) => candidate.startsAt > now)) {
    const history = paidPriceHistory(regular, all, sale.startsAt);
    const prior = priorPriceCents(
      history.filter((point) => point.at < sale.startsAt),
      sale.startsAt,
    );
    await tx
      .update(productSales)
      .set({ priorPriceCents: prior ?? sale.priceCents })
      .where(eq(productSales.id, sale.id));
  }
}

/**
 * Replaces the product's open sale by `sale` (or only ends it, with null) inside the caller's
 * transaction, as setSale does but unchecked and unaudited: the catalogue import checks and audits
 * its own (catalogue-io). A start in the past is now.
 */
export async function replaceSale(
  tx: Tx,
  productId: number,
  sale: { priceCents: number; startsAt: Date | null; endsAt: Date | null } | null,
): Promise<void> {
  const now = new Date();
  const startsAt = sale?.startsAt && sale.startsAt > now ? sale.startsAt : now;
  await closeOpenSales(tx, productId, now, startsAt);
  if (sale) {
    await tx.insert(productSales).values({
      productId,
      priceCents: sale.priceCents,
      priorPriceCents: sale.priceCents,
      startsAt,
      endsAt: sale.endsAt,
    });
  }
  await refreshPriorPrices(tx, productId, new Date(now.getTime() - 1));
}

/**
 * Sets the product's sale: from `startsAt` (now when absent or past) until `endsAt` (until ended
 * when absent). It replaces the open one: a sale to come is dropped, a running one ends when this
 * one starts. The sale price must be below the regular price.
 */
export async function setSale(db: Db, actorId: number, productId: number, body: SaleBody): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const now = new Date();
    const startsAt = body.startsAt && new Date(body.startsAt) > now ? new Date(body.startsAt) : now;
    const endsAt = body.endsAt ? new Date(body.endsAt) : null;
    if (endsAt && endsAt <= startsAt) {
      throw badRequest('The sale must end after it starts.', { endsAt: 'The sale must end after it starts' });
    }
    const [product] = await tx
      .select({ priceCents: products.priceCents })
      .from(products)
      .where(eq(products.id, productId));
    const priceCents = body.price;
    if (priceCents >= product!.priceCents) {
      const regular = decimalText(product!.priceCents);
      const message = `The sale price must be lower than the regular price (${regular})`;
      throw badRequest(`${message}.`, { price: message });
    }
    await closeOpenSales(tx, productId, now, startsAt);
    await tx.insert(productSales).values({ productId, priceCents, priorPriceCents: priceCents, startsAt, endsAt });
    // Its start and end, each announced at its hour (effect-kinds.ts); a sale replaced or ended
    // early leaves its old ones to announce a change that changes nothing.
    await enqueue(
      tx,
      [startsAt > now ? startsAt : null, endsAt].flatMap((when) => (when ? [saleBoundary(when)] : [])),
    );
    await refreshPriorPrices(tx, productId, new Date(now.getTime() - 1));
    await audit(tx, {
      actorId,
      action: 'product.sale_set',
      target: productTarget(productId),
      detail: { priceCents, startsAt: startsAt.toISOString(), endsAt: endsAt?.toISOString() ?? null },
    });
  });
}

/** Ends the product's running sale now, or drops the one to come; 404 when it has neither. */
export async function endSale(db: Db, actorId: number, productId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const now = new Date();
    if (!(await closeOpenSales(tx, productId, now, now))) throw notFound('The product has no sale to end.');
    await refreshPriorPrices(tx, productId, now);
    await audit(tx, { actorId, action: 'product.sale_end', target: productTarget(productId), detail: {} });
  });
}

/** Every change of the price a shopper paid, oldest first, up to now. */
export async function priceHistory(db: Db, productId: number): Promise<PriceChange[]> {
  const [exists] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  if (!exists) throw notFound('Product not found');
  const [regular, all] = await Promise.all([regularPrices(db, productId), sales(db, productId)]);
  return paidPriceHistory(regular, all, new Date()).map((point) => ({
    price: point.priceCents,
    at: point.at.toISOString(),
  }));
}

/**
 * Writes the boundary effect of every sale start and end to come (at start, by every process: one
 * row per instant). setSale writes a new sale's own; this covers sales saved before there were any.
 */
export async function planSaleBoundaries(db: Db, now = new Date()): Promise<void> {
  const [starts, ends] = await Promise.all([
    db.selectDistinct({ at: productSales.startsAt }).from(productSales).where(gt(productSales.startsAt, now)),
    db.selectDistinct({ at: productSales.endsAt }).from(productSales).where(gt(productSales.endsAt, now)),
  ]);
  await enqueue(
    db,
    [...starts, ...ends].flatMap(({ at }) => (at ? [saleBoundary(at)] : [])),
  );
}
