import type { StockEntry, UpdateStock } from '@shop/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { productColors, products, productSizes, productStock } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { getProduct } from '../catalog/service.js';
import { lockVariants } from './service.js';

const invalid = (fields: Record<string, string>) =>
  new AppError('VALIDATION_ERROR', Object.values(fields)[0] ?? 'Invalid stock.', fields);

/**
 * The owner's stock edit: whether the product tracks stock, and what is on hand of each listed
 * colour and size (variants left out keep what they have). Audited; answers the product's stock
 * as admins see it (on hand, held by checkouts, available).
 */
export async function setStock(db: Db, actorId: number, productId: number, body: UpdateStock): Promise<StockEntry[]> {
  const [colors, sizes] = await Promise.all([
    db.select({ id: productColors.id }).from(productColors).where(eq(productColors.productId, productId)),
    db.select({ size: productSizes.size }).from(productSizes).where(eq(productSizes.productId, productId)),
  ]);
  const colorIds = new Set(colors.map((color) => color.id));
  const offered = new Set<string>(sizes.map((row) => row.size));
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  body.stock.forEach((entry, index) => {
    const variant = `${entry.colorId}:${entry.size}`;
    if (!colorIds.has(entry.colorId))
      problems[`stock.${index}.colorId`] = 'This colour is not a colour of this product.';
    else if (!offered.has(entry.size)) problems[`stock.${index}.size`] = `Size ${entry.size} is not offered.`;
    else if (seen.has(variant)) problems[`stock.${index}`] = 'This colour and size is listed twice.';
    seen.add(variant);
  });

  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ stockTracked: products.stockTracked })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)))
      .for('update');
    if (!product) throw notFound('Product not found');
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const entries = [...body.stock].sort((a, b) => a.colorId - b.colorId || a.size.localeCompare(b.size));
    if (entries.length > 0) {
      const variants = sql.join(
        entries.map((entry) => sql`(${entry.colorId}::int, ${entry.size}::varchar)`),
        sql`, `,
      );
      await lockVariants(tx, sql`select * from (values ${variants}) as v(color_id, size)`);
      await tx
        .insert(productStock)
        .values(entries.map((entry) => ({ productId, colorId: entry.colorId, size: entry.size, onHand: entry.onHand })))
        .onConflictDoUpdate({
          target: [productStock.colorId, productStock.size],
          set: { onHand: sql`excluded.on_hand`, updatedAt: sql`now()` },
        });
    }
    if (product.stockTracked !== body.stockTracked) {
      await tx
        .update(products)
        .set({ stockTracked: body.stockTracked, updatedAt: new Date() })
        .where(eq(products.id, productId));
    }
    await audit(tx, {
      actorId,
      action: 'product.stock',
      target: `product:${productId}`,
      detail: { stockTracked: body.stockTracked, was: product.stockTracked, stock: entries },
    });
  });
  return (await getProduct(db, productId, 'en', true)).stock;
}
