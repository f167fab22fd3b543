import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderItems, productStock, returnLines } from '../../db/schema.js';
import { lockVariants } from '../stock/service.js';
import { outOfStock, type Assessed } from './assess.js';

/*
 * An exchange's new size held in stock from the request until the return is received (it becomes
 * the exchange order's) or rejected (given back), as checkout holds stock (decision 0056).
 */

/**
 * Holds the exchange variants (`reserved`), their rows locked in the fixed order first: a variant
 * without enough left refuses the whole request (409 OUT_OF_STOCK), nothing held.
 */
export async function holdExchangeStock(tx: Tx, lines: Assessed['lines']): Promise<void> {
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

/**
 * Puts a received return's resellable units back on hand, to the variants they were bought in
 * (their rows locked in the fixed order first; lines of untracked stock are left out). Answers
 * whether any went back (those waiting for the size are then told: outcomes.ts).
 */
export async function restockResellable(tx: Tx, returnId: number): Promise<boolean> {
  const back = await tx
    .select({ colorId: orderItems.colorId, size: orderItems.size, quantity: returnLines.resell })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(
      and(
        eq(returnLines.returnId, returnId),
        gt(returnLines.resell, 0),
        gt(orderItems.stockQuantity, 0),
        isNotNull(orderItems.colorId),
      ),
    );
  if (back.length === 0) return false;
  await lockVariants(
    tx,
    sql`values ${sql.join(
      back.map((line) => sql`(${line.colorId}::int, ${line.size}::varchar)`),
      sql`, `,
    )}`,
  );
  for (const line of back) {
    await tx
      .update(productStock)
      .set({ onHand: sql`${productStock.onHand} + ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(productStock.colorId, line.colorId!), eq(productStock.size, line.size)));
  }
  return true;
}
