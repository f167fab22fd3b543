import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { importIssue } from './import-issues.js';
import type { ImportIssue, PlannedProduct } from './import-parse.js';

/**
 * The products a plan names and what they allow: the same reads and checks for the apply
 * (`import-write.ts`) and the dry run (`import-dry-run.ts`), so that both refuse the same rows.
 */

/** A product a style code of the file names (deleted ones too: their codes stay taken). */
export interface ExistingProduct {
  id: number;
  deletedAt: Date | null;
}

/** The products holding `codes`, by style code: one statement for the whole file. */
export async function productsByStyleCode(db: Db | Tx, codes: string[]): Promise<Map<string, ExistingProduct>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, styleCode: products.styleCode, deletedAt: products.deletedAt })
    .from(products)
    .where(and(inArray(products.styleCode, codes), isNotNull(products.styleCode)));
  return new Map(rows.map(({ styleCode, ...product }) => [styleCode!, product]));
}

/**
 * What keeps a planned product from being written, before its rows are compared: a deleted
 * product's style code, or a sale not below the price. Null when nothing does.
 */
export function refusal(product: PlannedProduct, found: ExistingProduct | undefined): ImportIssue | null {
  if (found?.deletedAt) return importIssue(product.row, 'style_code', 'deletedProduct', { code: product.styleCode });
  if (product.sale && product.sale.priceCents >= product.priceCents) {
    return importIssue(product.row, 'sale_price', 'saleNotLower');
  }
  return null;
}
