import { type ErrorBody, type Size } from '@shop/contract';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { cartItems, productSizes, productStock, wishlistItems } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { lockVariants } from '../stock/service.js';

/** What a size change did, for the audit log. */
export interface SizeChange {
  sizes: Size[];
  addedSizes: Size[];
  removedSizes: Size[];
  /** How many shoppers' carts and wishlists held each removed size (they were asked about). */
  sizesInUse: NonNullable<ErrorBody['sizes']>;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Sets the product's sizes to `wanted` (the product row is locked). New sizes are added: a
 * tracked product has none of them on hand (a variant without a stock row has none). Sizes left
 * out go with their stock rows, but never from under a pending checkout (409 SIZE_RESERVED), and
 * only with `confirmed` when cart lines or wishlist items hold them (409 SIZE_IN_USE with how
 * many of each; nothing changes). Those lines are kept: the cart answers them as not available
 * (the checkout refuses them) and the size cannot be chosen again, until it is added back.
 * Back-in-stock alerts of the size are kept too: they fire if it returns and is restocked.
 */
export async function applySizes(tx: Tx, productId: number, wanted: Size[], confirmed = false): Promise<SizeChange> {
  const current = (
    await tx.select({ size: productSizes.size }).from(productSizes).where(eq(productSizes.productId, productId))
  ).map((row) => row.size);
  const addedSizes = wanted.filter((size) => !current.includes(size));
  const removedSizes = current.filter((size) => !wanted.includes(size));
  const change: SizeChange = { sizes: wanted, addedSizes, removedSizes, sizesInUse: [] };

  if (removedSizes.length > 0) {
    const ofRemoved = and(eq(productStock.productId, productId), inArray(productStock.size, removedSizes));
    // The same lock order as checkouts and payments: a checkout reserving now finishes first.
    await lockVariants(tx, sql`select color_id, size from product_stock where ${ofRemoved}`);
    const reserved = await tx
      .selectDistinct({ size: productStock.size })
      .from(productStock)
      .where(and(ofRemoved, gt(productStock.reserved, 0)));
    if (reserved.length > 0) {
      const names = reserved.map((row) => row.size).join(', ');
      throw conflict(
        'SIZE_RESERVED',
        `A checkout in progress holds size ${names}. Try again once it is paid or has expired (within 30 minutes).`,
      );
    }
    change.sizesInUse = await shoppersHolding(tx, productId, removedSizes);
    if (change.sizesInUse.length > 0 && !confirmed) {
      const summary = change.sizesInUse
        .map((held) => `${held.size}: ${count(held.carts, 'cart')}, ${count(held.wishlists, 'wishlist')}`)
        .join('; ');
      const refused = conflict(
        'SIZE_IN_USE',
        `Shoppers hold ${change.sizesInUse.length === 1 ? 'this size' : 'these sizes'} (${summary}). ` +
          'Confirm the removal: they will see the size as no longer available.',
      );
      refused.sizes = change.sizesInUse;
      throw refused;
    }
    await tx.delete(productStock).where(ofRemoved);
    await tx
      .delete(productSizes)
      .where(and(eq(productSizes.productId, productId), inArray(productSizes.size, removedSizes)));
  }
  if (addedSizes.length > 0) {
    await tx
      .insert(productSizes)
      .values(addedSizes.map((size) => ({ productId, size })))
      .onConflictDoNothing();
  }
  return change;
}

/** For each of `sizes` that shoppers hold: how many carts and how many wishlists (one per shopper). */
async function shoppersHolding(tx: Tx, productId: number, sizes: Size[]): Promise<NonNullable<ErrorBody['sizes']>> {
  const holders = (table: typeof cartItems | typeof wishlistItems) =>
    tx
      .select({ size: table.size, shoppers: sql<number>`count(distinct ${table.userId})::int` })
      .from(table)
      .where(and(eq(table.productId, productId), inArray(table.size, sizes)))
      .groupBy(table.size);
  const [carts, wishlists] = [await holders(cartItems), await holders(wishlistItems)];
  const of = (rows: { size: string; shoppers: number }[], size: Size) =>
    rows.find((row) => row.size === size)?.shoppers ?? 0;
  return sizes
    .map((size) => ({ size, carts: of(carts, size), wishlists: of(wishlists, size) }))
    .filter((held) => held.carts > 0 || held.wishlists > 0);
}
