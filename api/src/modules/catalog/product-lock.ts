import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';

/** The audit log's name for a product. */
export const productTarget = (productId: number) => `product:${productId}`;

/** Serialises writes to one product (double clicks, two tabs); 404 once it is deleted. */
export async function lockProduct(tx: Tx, productId: number): Promise<void> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .for('update');
  if (!product) throw notFound('Product not found');
}
