import type { ImportOrderedProduct } from '@shop/contract';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, products } from '../../db/schema.js';
import type { Snapshot } from './import-snapshot.js';
import type { Touched } from './import-write.js';

/**
 * What an undo would delete that an order refers to (decision 0090): a product the import created,
 * or a colour it added to a product it updated. An order keeps its lines' names and prices, but
 * its page, a return, an exchange, a recall and a review still reach the product and colour by
 * id; and a product whose stock is not counted shows no trace of a sale in its snapshot.
 */

const colourIds = (snapshot: Snapshot) =>
  ((snapshot?.colors ?? []) as { id: number }[] | null)?.map((colour) => colour.id) ?? [];

/** The first order line naming what the import created, as the undo's refusal names it; null when none. */
export async function orderedSince(db: Tx | Db, touched: readonly Touched[]): Promise<ImportOrderedProduct | null> {
  const created = touched.filter((entry) => entry.created).map((entry) => entry.productId);
  const added = touched
    .filter((entry) => !entry.created)
    .flatMap((entry) => {
      const before = new Set(colourIds(entry.before));
      return colourIds(entry.after).filter((id) => !before.has(id));
    });
  const named = [
    ...(created.length > 0 ? [inArray(orderItems.productId, created)] : []),
    ...(added.length > 0 ? [inArray(orderItems.colorId, added)] : []),
  ];
  if (named.length === 0) return null;
  const [line] = await db
    .select({ styleCode: products.styleCode, name: orderItems.name, nameBg: orderItems.nameBg })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(or(...named))
    .orderBy(asc(orderItems.id))
    .limit(1);
  return line ? { styleCode: line.styleCode ?? '', name: line.name, nameBg: line.nameBg } : null;
}
