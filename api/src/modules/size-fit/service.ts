import { productVariants, SIZES, type ProductDetailsBody, type Size, type Variant } from '@shop/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { productColors, products, productSizes, productVariants as variantsTable } from '../../db/schema.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { lockProduct, productTarget } from '../catalog/product-lock.js';
import { writeProductSafety } from '../product-safety/service.js';

/*
 * Size and fit (TRADE.md section 5; issue 31): a product's style code, its fit and measurements,
 * and the SKUs set by hand. Every colour × size has a SKU, set or derived from the style code
 * (contract `productVariants`), unique across the shop, deleted products included: an order's
 * papers may name it.
 */

/** Advisory lock space of the SKU writes: two products' details never take the same SKU at once. */
const SKU_LOCK = 727_290;

const taken = (message: string, fields: Record<string, string>) => new AppError('CONFLICT', message, fields);

interface Shape {
  styleCode: string | null;
  colors: { id: number; colorName: string }[];
  sizes: Size[];
  set: Variant[];
}

/** Whether a database error is a unique index refusing a row (SQLSTATE 23505), from either driver. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Every product's style code, colours, sizes and set SKUs (a small shop's catalogue: one read of each table). */
async function shapes(tx: Tx): Promise<Map<number, Shape>> {
  const [rows, colors, sizes, set] = await Promise.all([
    tx.select({ id: products.id, styleCode: products.styleCode }).from(products),
    tx
      .select({ productId: productColors.productId, id: productColors.id, colorName: productColors.colorName })
      .from(productColors)
      .orderBy(asc(productColors.position), asc(productColors.id)),
    tx.select({ productId: productSizes.productId, size: productSizes.size }).from(productSizes),
    tx
      .select({
        productId: variantsTable.productId,
        colorId: variantsTable.colorId,
        size: variantsTable.size,
        sku: variantsTable.sku,
      })
      .from(variantsTable),
  ]);
  const byId = new Map<number, Shape>(
    rows.map((row) => [row.id, { styleCode: row.styleCode, colors: [], sizes: [], set: [] }]),
  );
  for (const { productId, ...color } of colors) byId.get(productId)?.colors.push(color);
  for (const { productId, size } of sizes) byId.get(productId)?.sizes.push(size);
  for (const { productId, ...variant } of set) byId.get(productId)?.set.push(variant);
  for (const shape of byId.values()) shape.sizes.sort((a, b) => SIZES.indexOf(a) - SIZES.indexOf(b));
  return byId;
}

/** The body's colours, sizes and measurements must be the product's own: 400 with the field named. */
function assertOwn(body: ProductDetailsBody, shape: Shape): void {
  const fields: Record<string, string> = {};
  const colorIds = new Set(shape.colors.map((color) => color.id));
  const sizes = new Set<string>(shape.sizes);
  body.fit?.measurements?.forEach((row, index) => {
    if (!sizes.has(row.size)) fields[`fit.measurements.${index}.size`] = `${row.size} is not a size of this product.`;
  });
  const modelSize = body.fit?.modelSize;
  if (modelSize && !sizes.has(modelSize)) fields['fit.modelSize'] = `${modelSize} is not a size of this product.`;
  body.variants?.forEach((variant, index) => {
    if (!colorIds.has(variant.colorId)) {
      fields[`variants.${index}.colorId`] = `Colour ${variant.colorId} is not a colour of this product.`;
    } else if (!sizes.has(variant.size)) {
      fields[`variants.${index}.size`] = `${variant.size} is not a size of this product.`;
    }
  });
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

/**
 * Sets what the body sends (a field left out is kept): 409 CONFLICT with `fields` when the style
 * code or a SKU (set, or derived from the new style code) is another product's, or twice in this one.
 */
export async function setProductDetails(
  db: Db,
  actorId: number,
  productId: number,
  body: ProductDetailsBody,
): Promise<void> {
  try {
    await writeDetails(db, actorId, productId, body);
  } catch (error) {
    // The last guard: a SKU an index still holds that no product lists (a size removed since it was set).
    if (isUniqueViolation(error)) {
      const message = 'A style code or SKU given is taken.';
      throw taken(message, { [body.variants?.length ? 'variants' : 'styleCode']: message });
    }
    throw error;
  }
}

async function writeDetails(db: Db, actorId: number, productId: number, body: ProductDetailsBody): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    await tx.execute(sql`select pg_advisory_xact_lock(${SKU_LOCK}, 0)`);
    const all = await shapes(tx);
    const current = all.get(productId);
    if (!current) throw new Error(`product ${productId} vanished under its lock`);
    assertOwn(body, current);

    const styleCode = body.styleCode === undefined ? current.styleCode : body.styleCode;
    const set =
      body.variants === undefined
        ? current.set
        : body.variants.flatMap(({ colorId, size, sku }) => (sku ? [{ colorId, size, sku }] : []));
    const fieldOf = (variant: Variant) => {
      const index = body.variants?.findIndex((sent) => sent.colorId === variant.colorId && sent.size === variant.size);
      return index === undefined || index < 0 ? 'styleCode' : `variants.${index}.sku`;
    };

    if (styleCode) {
      for (const [id, other] of all) {
        if (id !== productId && other.styleCode === styleCode) {
          throw taken(`Style code ${styleCode} is taken by another product.`, {
            styleCode: `Style code ${styleCode} is taken by another product.`,
          });
        }
      }
    }
    const others = new Map<string, number>();
    for (const [id, other] of all) {
      if (id === productId) continue;
      for (const { sku } of productVariants(other.styleCode, other.colors, other.sizes, other.set)) others.set(sku, id);
    }
    const seen = new Set<string>();
    for (const variant of productVariants(styleCode, current.colors, current.sizes, set)) {
      const message = others.has(variant.sku)
        ? `SKU ${variant.sku} is taken by another product.`
        : seen.has(variant.sku)
          ? `SKU ${variant.sku} is given to two colours or sizes of this product.`
          : null;
      if (message) throw taken(message, { [fieldOf(variant)]: message });
      seen.add(variant.sku);
    }

    await tx
      .update(products)
      .set({
        ...(body.styleCode === undefined ? {} : { styleCode: body.styleCode }),
        ...(body.fit === undefined ? {} : { fit: body.fit }),
        updatedAt: new Date(),
      })
      .where(eq(products.id, productId));
    const safety = await writeProductSafety(tx, productId, body);
    if (body.variants !== undefined) {
      await tx.delete(variantsTable).where(eq(variantsTable.productId, productId));
      if (set.length > 0) await tx.insert(variantsTable).values(set.map((variant) => ({ productId, ...variant })));
    }
    await audit(tx, {
      actorId,
      action: 'product.details',
      target: productTarget(productId),
      detail: {
        ...(body.styleCode === undefined ? {} : { styleCode: body.styleCode }),
        ...(body.fit === undefined ? {} : { fit: body.fit }),
        ...(body.variants === undefined ? {} : { variants: set }),
        ...safety,
      },
    });
  });
}
