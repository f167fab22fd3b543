import type { Manufacturer, ProductDetailsBody, Safety } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema.js';

/*
 * Product safety (Regulation (EU) 2023/988, Art. 19; YEAR.md section 6): a product's warnings and
 * safety information per language, and its manufacturer when it is not the seller; and the return
 * flags (YEAR.md section 2: final sale, sealed for hygiene). They travel in
 * the product details (PUT /api/admin/products/{id}/details), written in that route's transaction.
 */

type SafetyFields = Pick<ProductDetailsBody, 'safety' | 'manufacturer' | 'finalSale' | 'hygieneSealed'>;

/** What the details route audits of these fields. */
interface SafetyChanges {
  safety?: Safety | null;
  manufacturer?: Manufacturer | null;
  /** Returns (YEAR.md section 2): no voluntary return; sealed for hygiene. */
  finalSale?: boolean;
  hygieneSealed?: boolean;
}

/** What is stored for the body's `safety`: null when it says nothing in either language. */
export function storedSafety(safety: SafetyFields['safety']): Safety | null {
  if (!safety || (safety.en === '' && safety.bg === '')) return null;
  return { en: safety.en, bg: safety.bg };
}

/**
 * Writes the safety fields the body sends (a field left out is kept) under the caller's lock on the
 * product; answers what the audit entry should say of them.
 */
export async function writeProductSafety(tx: Tx, productId: number, body: SafetyFields): Promise<SafetyChanges> {
  const changes: SafetyChanges = {};
  if (body.safety !== undefined) changes.safety = storedSafety(body.safety);
  if (body.manufacturer !== undefined) changes.manufacturer = body.manufacturer;
  if (body.finalSale !== undefined) changes.finalSale = body.finalSale;
  if (body.hygieneSealed !== undefined) changes.hygieneSealed = body.hygieneSealed;
  if (Object.keys(changes).length > 0) await tx.update(products).set(changes).where(eq(products.id, productId));
  return changes;
}
