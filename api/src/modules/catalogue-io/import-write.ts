import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  productColorImages,
  productColors,
  products,
  productSales,
  productSizes,
  productStock,
  productTranslations,
  productVariants,
} from '../../db/schema.js';
import { replaceSale } from '../sales/service.js';
import {
  firstImageOf,
  fitOf,
  missingColours,
  resolveVariants,
  saleNeedsWrite,
  setsColourBg,
  setsTexts,
  stockTrackedOf,
  type KnownColour,
} from './import-decide.js';
import { productsByStyleCode, refusal } from './import-existing.js';
import { importIssue } from './import-issues.js';
import type { ImportIssue, PlannedProduct } from './import-parse.js';
import { same, snapshot, type Snapshot } from './import-snapshot.js';

/** Writing an import's plan: the same code for the dry run (rolled back) and the apply. */

/** Writes one planned product (creates it, or brings the one with its style code to the plan). Its id. */
async function writeProduct(tx: Tx, plan: PlannedProduct, existingId: number | null): Promise<number> {
  const tracked = stockTrackedOf(plan);
  const firstImage = firstImageOf(plan);
  let productId = existingId;
  if (productId === null) {
    const [created] = await tx
      .insert(products)
      .values({
        categoryId: plan.categoryId,
        priceCents: plan.priceCents,
        stockTracked: tracked,
        imageUrl: firstImage,
        styleCode: plan.styleCode,
        fit: plan.fit ? { type: plan.fit as never } : null,
        publishedAt: plan.publish ? new Date() : null,
      })
      .returning({ id: products.id });
    productId = created!.id;
  } else {
    const [current] = await tx.select().from(products).where(eq(products.id, productId));
    const next = {
      categoryId: plan.categoryId,
      priceCents: plan.priceCents,
      stockTracked: tracked,
      fit: fitOf(plan, current!.fit),
    };
    if (
      !same(next, {
        categoryId: current!.categoryId,
        priceCents: current!.priceCents,
        stockTracked: current!.stockTracked,
        fit: current!.fit,
      })
    )
      await tx
        .update(products)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(products.id, productId));
  }
  const id = productId;
  const image = firstImage || (existingId === null ? '' : undefined);
  for (const language of ['en', 'bg'] as const) {
    const texts = plan.texts[language];
    const [current] = await tx
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, id), eq(productTranslations.language, language)));
    if (!current) {
      await tx.insert(productTranslations).values({ productId: id, language, ...texts, imageUrl: image ?? '' });
    } else if (
      setsTexts(plan, language) &&
      !same(texts, {
        name: current.name,
        description: current.description,
        composition: current.composition,
        care: current.care,
      })
    ) {
      await tx
        .update(productTranslations)
        .set(texts)
        .where(and(eq(productTranslations.productId, id), eq(productTranslations.language, language)));
    }
  }

  const colours: KnownColour[] = await tx
    .select({
      id: productColors.id,
      name: productColors.colorName,
      nameBg: productColors.colorNameBg,
      position: productColors.position,
    })
    .from(productColors)
    .where(eq(productColors.productId, id));
  const skuColour = new Map(
    (
      await tx
        .select({ sku: productVariants.sku, colorId: productVariants.colorId })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
    ).map((v) => [v.sku, v.colorId]),
  );
  const sizes = new Set(
    (await tx.select({ size: productSizes.size }).from(productSizes).where(eq(productSizes.productId, id))).map(
      (s) => s.size,
    ),
  );
  const missing = missingColours(plan, colours, skuColour);
  if (missing.length > 0)
    colours.push(
      ...(await tx
        .insert(productColors)
        .values(missing.map((c) => ({ productId: id, colorName: c.name, colorNameBg: c.nameBg, position: c.position })))
        .returning({
          id: productColors.id,
          name: productColors.colorName,
          nameBg: productColors.colorNameBg,
          position: productColors.position,
        })),
    );
  // A product's sizes, variants and stock are written one statement each.
  const { firstOfColour, newSizes, variants, stock } = resolveVariants(plan, colours, skuColour, sizes);
  for (const [colorId, variant] of firstOfColour) {
    const colour = colours.find((c) => c.id === colorId)!;
    if (setsColourBg(plan) && colour.nameBg !== variant.colorBg)
      await tx.update(productColors).set({ colorNameBg: variant.colorBg }).where(eq(productColors.id, colorId));
    if (variant.images.length > 0) await setColourImages(tx, colorId, variant.images);
  }
  if (newSizes.length > 0) await tx.insert(productSizes).values(newSizes.map((size) => ({ productId: id, size })));
  const dropped = [...variants.entries()].filter(([, row]) => row === null).map(([key]) => key);
  if (dropped.length > 0)
    await tx
      .delete(productVariants)
      .where(
        and(
          eq(productVariants.productId, id),
          inArray(sql`${productVariants.colorId} || ':' || ${productVariants.size}`, dropped),
        ),
      );
  const kept = [...variants.values()].filter((row) => row !== null);
  if (kept.length > 0)
    await tx
      .insert(productVariants)
      .values(kept.map((row) => ({ productId: id, ...row })))
      .onConflictDoUpdate({
        target: [productVariants.colorId, productVariants.size],
        set: { sku: sql`excluded.sku`, gtin: sql`excluded.gtin` },
      });
  if (stock.size > 0)
    await tx
      .insert(productStock)
      .values([...stock.values()].map((row) => ({ productId: id, ...row })))
      .onConflictDoUpdate({
        target: [productStock.colorId, productStock.size],
        set: { onHand: sql`excluded.on_hand` },
        setWhere: sql`${productStock.onHand} <> excluded.on_hand`,
      });
  await writeSale(tx, id, plan);
  return id;
}

async function setColourImages(tx: Tx, colorId: number, urls: string[]): Promise<void> {
  const [colour] = await tx
    .select({ imageUrl: productColors.imageUrl })
    .from(productColors)
    .where(eq(productColors.id, colorId));
  const rest = await tx
    .select({ url: productColorImages.url })
    .from(productColorImages)
    .where(eq(productColorImages.colorId, colorId))
    .orderBy(productColorImages.position);
  if (same([colour?.imageUrl, ...rest.map((r) => r.url)], urls)) return;
  await tx
    .update(productColors)
    .set({ imageUrl: urls[0] ?? '' })
    .where(eq(productColors.id, colorId));
  await tx.delete(productColorImages).where(eq(productColorImages.colorId, colorId));
  if (urls.length > 1)
    await tx
      .insert(productColorImages)
      .values(urls.slice(1).map((url, index) => ({ colorId, url, position: index + 1 })));
}

/** The plan's sale, unless the product's open sale is that one already (same price and dates). */
async function writeSale(tx: Tx, productId: number, plan: PlannedProduct): Promise<void> {
  const [open] = await tx
    .select()
    .from(productSales)
    .where(
      and(
        eq(productSales.productId, productId),
        sql`(${productSales.endsAt} is null or ${productSales.endsAt} > now())`,
      ),
    )
    .orderBy(desc(productSales.startsAt))
    .limit(1);
  const wanted = plan.sale;
  if (!saleNeedsWrite(open, wanted, new Date())) return;
  await replaceSale(
    tx,
    productId,
    wanted && {
      priceCents: wanted.priceCents,
      startsAt: wanted.startsAt ? new Date(wanted.startsAt) : null,
      endsAt: wanted.endsAt ? new Date(wanted.endsAt) : null,
    },
  );
}

export interface Touched {
  productId: number;
  created: boolean;
  before: Snapshot;
  after: Snapshot;
}

/**
 * Writes the plan in `tx`, product by product (a product that fails is an error of its row, the
 * others go on, each in its savepoint): what each product was and became.
 */
export async function writePlan(tx: Tx, plan: PlannedProduct[], errors: ImportIssue[]): Promise<Touched[]> {
  const touched: Touched[] = [];
  const existing = await productsByStyleCode(
    tx,
    plan.map((product) => product.styleCode),
  );
  for (const product of plan) {
    const found = existing.get(product.styleCode);
    const refused = refusal(product, found);
    if (refused) {
      errors.push(refused);
      continue;
    }
    try {
      await tx.transaction(async (savepoint) => {
        const before = found ? await snapshot(savepoint, found.id) : null;
        const id = await writeProduct(savepoint, product, found?.id ?? null);
        touched.push({ productId: id, created: !found, before, after: await snapshot(savepoint, id) });
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const sku = /product_variants_sku/.test(message) || /sku/i.test(message);
      errors.push(importIssue(product.row, sku ? 'sku' : 'style_code', sku ? 'skuTaken' : 'notWritten'));
    }
  }
  return touched;
}
