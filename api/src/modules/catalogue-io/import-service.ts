import { deriveSku, MAX_COLOR_IMAGES, UPLOAD_MAX_BYTES, type Language } from '@shop/contract';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import {
  catalogueImports,
  files,
  productColorImages,
  productColors,
  products,
  productSales,
  productSizes,
  productStock,
  productTranslations,
  productVariants,
} from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { fileUrl, storeImage } from '../../platform/files/images.js';
import { refreshPriorPrices, replaceSale } from '../sales/service.js';
import type { CatalogueFormat } from './formats.js';
import { parseCatalogue, type ImportIssue, type PlannedProduct } from './import-parse.js';
import { readZip, ZipError } from './zip.js';

/** The dry run's answer (YEAR.md section 5). */
export interface ImportSummary {
  importId: number;
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** Each product's change, for the Import screen's table. */
  changes: { row: number; styleCode: string; name: string; change: 'create' | 'update' | 'unchanged' }[];
}

/** A product as the import compares and restores it: its row's fields and everything under it. */
const SnapshotSchema = z.object({ snapshot: z.record(z.string(), z.unknown()).nullable() });
type Snapshot = Record<string, unknown> | null;

async function snapshot(tx: Tx | Db, productId: number): Promise<Snapshot> {
  const [row] = await queryRows(
    tx,
    SnapshotSchema,
    sql`select json_build_object(
      'product', (select json_build_object('categoryId', p.category_id, 'priceCents', p.price_cents,
        'stockTracked', p.stock_tracked, 'imageUrl', p.image_url, 'styleCode', p.style_code, 'fit', p.fit,
        'publishedAt', p.published_at, 'deletedAt', p.deleted_at) from products p where p.id = ${productId}),
      'translations', (select json_agg(json_build_object('language', t.language, 'name', t.name,
        'description', t.description, 'composition', t.composition, 'care', t.care, 'imageUrl', t.image_url)
        order by t.language) from product_translations t where t.product_id = ${productId}),
      'colors', (select json_agg(json_build_object('id', c.id, 'colorName', c.color_name, 'colorNameBg', c.color_name_bg,
        'imageUrl', c.image_url, 'hoverImage', c.hover_image, 'position', c.position,
        'images', (select coalesce(json_agg(i.url order by i.position), '[]') from product_color_images i where i.color_id = c.id))
        order by c.id) from product_colors c where c.product_id = ${productId}),
      'sizes', (select json_agg(s.size order by s.size) from product_sizes s where s.product_id = ${productId}),
      'variants', (select json_agg(json_build_object('colorId', v.color_id, 'size', v.size, 'sku', v.sku, 'gtin', v.gtin)
        order by v.color_id, v.size) from product_variants v where v.product_id = ${productId}),
      'stock', (select json_agg(json_build_object('colorId', s.color_id, 'size', s.size, 'onHand', s.on_hand)
        order by s.color_id, s.size) from product_stock s where s.product_id = ${productId}),
      'sales', (select json_agg(json_build_object('id', s.id, 'priceCents', s.price_cents, 'startsAt', s.starts_at,
        'endsAt', s.ends_at) order by s.id) from product_sales s where s.product_id = ${productId}
        and (s.ends_at is null or s.ends_at > now()))
    ) as snapshot where exists (select 1 from products where id = ${productId})`,
  );
  return row?.snapshot ?? null;
}

/** JSON with its keys in order: a snapshot kept in jsonb comes back with its keys reordered. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Resolves every image a plan names to a stored file: one of the shop's own, or from the ZIP, checked as uploads are. */
async function resolveImages(
  db: Db,
  plan: PlannedProduct[],
  zip: Buffer | undefined,
  errors: ImportIssue[],
  warnings: ImportIssue[],
): Promise<void> {
  let entries = new Map<string, Buffer>();
  if (zip) {
    try {
      entries = readZip(zip, { maxEntries: 5_000, maxEntryBytes: UPLOAD_MAX_BYTES });
    } catch (error) {
      if (!(error instanceof ZipError)) throw error;
      errors.push({ row: 0, column: 'images', message: error.message });
    }
  }
  const urls = new Map<string, string | null>();
  for (const product of plan)
    for (const variant of product.variants) {
      const resolved: string[] = [];
      for (const name of variant.images) {
        if (!urls.has(name)) {
          const own = /^([a-f0-9]{64})\.webp$/.exec(name)?.[1];
          const bytes = entries.get(name);
          let url: string | null = null;
          if (bytes) {
            try {
              url = (await storeImage(db, bytes, 'product')).url;
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              errors.push({ row: variant.row, column: 'images', message: `${name}: ${error.message}` });
            }
          } else if (own) {
            const [file] = await db.select({ id: files.id }).from(files).where(eq(files.id, own)).limit(1);
            if (file) url = fileUrl(own);
          }
          if (!url && !bytes) {
            warnings.push({
              row: variant.row,
              column: 'images',
              message: `${name} is not in the ZIP (nothing is fetched from the network): left out.`,
            });
          }
          urls.set(name, url);
        }
        const url = urls.get(name);
        if (url) resolved.push(url);
      }
      variant.images = resolved.slice(0, MAX_COLOR_IMAGES);
    }
}

/** Writes one planned product (creates it, or brings the one with its style code to the plan). Its id. */
async function writeProduct(tx: Tx, plan: PlannedProduct, existingId: number | null): Promise<number> {
  const tracked = plan.variants.some((variant) => variant.stock !== null);
  const firstImage = plan.variants.find((variant) => variant.images.length > 0)?.images[0] ?? '';
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
    const fit = plan.fit
      ? { ...current!.fit, type: plan.fit as never }
      : current!.fit
        ? { ...current!.fit, type: null }
        : null;
    const next = { categoryId: plan.categoryId, priceCents: plan.priceCents, stockTracked: tracked, fit };
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

  const colours = await tx
    .select({
      id: productColors.id,
      name: productColors.colorName,
      nameBg: productColors.colorNameBg,
      position: productColors.position,
    })
    .from(productColors)
    .where(eq(productColors.productId, id));
  const bySku = new Map(
    (await tx.select().from(productVariants).where(eq(productVariants.productId, id))).map((v) => [v.sku, v]),
  );
  const sizes = new Set(
    (await tx.select({ size: productSizes.size }).from(productSizes).where(eq(productSizes.productId, id))).map(
      (s) => s.size,
    ),
  );
  const coloursDone = new Set<number>();
  for (const variant of plan.variants) {
    let colour =
      colours.find((c) => c.id === bySku.get(variant.sku)?.colorId) ??
      colours.find((c) => c.name.toLowerCase() === variant.colorEn.toLowerCase());
    if (!colour) {
      const position = colours.reduce((most, c) => Math.max(most, c.position + 1), 0);
      const [created] = await tx
        .insert(productColors)
        .values({ productId: id, colorName: variant.colorEn, colorNameBg: variant.colorBg, position })
        .returning({ id: productColors.id });
      colour = { id: created!.id, name: variant.colorEn, nameBg: variant.colorBg, position };
      colours.push(colour);
    }
    if (!coloursDone.has(colour.id)) {
      coloursDone.add(colour.id);
      if (colour.nameBg !== variant.colorBg)
        await tx.update(productColors).set({ colorNameBg: variant.colorBg }).where(eq(productColors.id, colour.id));
      if (variant.images.length > 0) await setColourImages(tx, colour.id, variant.images);
    }
    if (!sizes.has(variant.size)) {
      sizes.add(variant.size);
      await tx.insert(productSizes).values({ productId: id, size: variant.size });
    }
    const derived = deriveSku(plan.styleCode, colour.name, colour.id, variant.size);
    const sku = variant.sku || derived;
    const variantKey = and(eq(productVariants.colorId, colour.id), eq(productVariants.size, variant.size));
    if (sku === derived && !variant.gtin) await tx.delete(productVariants).where(variantKey);
    else
      await tx
        .insert(productVariants)
        .values({ productId: id, colorId: colour.id, size: variant.size, sku, gtin: variant.gtin || null })
        .onConflictDoUpdate({
          target: [productVariants.colorId, productVariants.size],
          set: { sku, gtin: variant.gtin || null },
        });
    if (variant.stock !== null)
      await tx
        .insert(productStock)
        .values({ productId: id, colorId: colour.id, size: variant.size, onHand: variant.stock })
        .onConflictDoUpdate({
          target: [productStock.colorId, productStock.size],
          set: { onHand: variant.stock },
          setWhere: sql`${productStock.onHand} <> ${variant.stock}`,
        });
  }
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
  if (!wanted) {
    if (open) await replaceSale(tx, productId, null);
    return;
  }
  const endsAt = wanted.endsAt ? new Date(wanted.endsAt) : null;
  if (endsAt && endsAt <= new Date()) return; // ended already: nothing to set
  if (
    open &&
    open.priceCents === wanted.priceCents &&
    (open.endsAt?.toISOString() ?? null) === (endsAt?.toISOString() ?? null) &&
    (wanted.startsAt === null || open.startsAt.toISOString() === wanted.startsAt || open.startsAt <= new Date())
  )
    return;
  await replaceSale(tx, productId, {
    priceCents: wanted.priceCents,
    startsAt: wanted.startsAt ? new Date(wanted.startsAt) : null,
    endsAt,
  });
}

interface Touched {
  productId: number;
  created: boolean;
  before: Snapshot;
  after: Snapshot;
}

class DryRun extends Error {}

/**
 * Writes the plan in `tx`, product by product (a product that fails is an error of its row, the
 * others go on, each in its savepoint): what each product was and became.
 */
async function writePlan(tx: Tx, plan: PlannedProduct[], errors: ImportIssue[]): Promise<Touched[]> {
  const touched: Touched[] = [];
  const codes = plan.map((product) => product.styleCode);
  const existing = new Map(
    codes.length === 0
      ? []
      : (
          await tx
            .select({ id: products.id, styleCode: products.styleCode, deletedAt: products.deletedAt })
            .from(products)
            .where(and(inArray(products.styleCode, codes), isNotNull(products.styleCode)))
        ).map((row) => [row.styleCode!, row]),
  );
  for (const product of plan) {
    const found = existing.get(product.styleCode);
    if (found?.deletedAt) {
      errors.push({
        row: product.row,
        column: 'style_code',
        message: `${product.styleCode} belongs to a deleted product.`,
      });
      continue;
    }
    if (product.sale && product.sale.priceCents >= product.priceCents) {
      errors.push({ row: product.row, column: 'sale_price', message: 'The sale price must be lower than the price.' });
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
      errors.push({
        row: product.row,
        column: sku ? 'sku' : 'style_code',
        message: sku ? 'A SKU of this product belongs to another product.' : 'The product could not be written.',
      });
    }
  }
  return touched;
}

function summaryOf(
  importId: number,
  rows: number,
  plan: PlannedProduct[],
  touched: Touched[],
  errors: ImportIssue[],
  warnings: ImportIssue[],
): ImportSummary {
  const changes = touched.map((entry, index) => {
    const product =
      plan.find((p) => (entry.after as { product?: { styleCode?: string } })?.product?.styleCode === p.styleCode) ??
      plan[index]!;
    const change: 'create' | 'update' | 'unchanged' = entry.created
      ? 'create'
      : same(entry.before, entry.after)
        ? 'unchanged'
        : 'update';
    return { row: product.row, styleCode: product.styleCode, name: product.texts.en.name, change };
  });
  return {
    importId,
    rows,
    create: changes.filter((c) => c.change === 'create').length,
    update: changes.filter((c) => c.change === 'update').length,
    unchanged: changes.filter((c) => c.change === 'unchanged').length,
    errors: [...errors].sort((a, b) => a.row - b.row),
    warnings: [...warnings].sort((a, b) => a.row - b.row),
    changes,
  };
}

/**
 * `POST /api/admin/products/import`: reads the file, stores the images it names (checked as
 * uploads; unused files are collected as any upload's), writes the plan in a transaction that is
 * rolled back — the dry run changes nothing in the catalogue — and keeps the plan and the answer.
 */
export async function dryRunImport(
  db: Db,
  actorId: number,
  input: { csv: string; zip?: Buffer; format: CatalogueFormat; lang: Language },
): Promise<ImportSummary> {
  const parsed = parseCatalogue(input.csv, input.format, input.lang);
  const errors = [...parsed.errors];
  const warnings = [...parsed.warnings];
  await resolveImages(db, parsed.products, input.zip, errors, warnings);
  let touched: Touched[] = [];
  try {
    await db.transaction(async (tx) => {
      touched = await writePlan(tx, parsed.products, errors);
      throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  const [row] = await db
    .insert(catalogueImports)
    .values({ actorId, format: input.format, plan: parsed.products, summary: {} })
    .returning({ id: catalogueImports.id });
  const summary = summaryOf(row!.id, parsed.rows, parsed.products, touched, errors, warnings);
  await db.update(catalogueImports).set({ summary }).where(eq(catalogueImports.id, row!.id));
  return summary;
}

async function importRow(tx: Tx | Db, importId: number) {
  const [row] = await tx.select().from(catalogueImports).where(eq(catalogueImports.id, importId)).for('update');
  if (!row) throw notFound('No such import.');
  return row;
}

/** `POST …/import/{id}/apply`: writes the dry run's plan for real, audited. */
export async function applyImport(
  db: Db,
  actorId: number,
  importId: number,
): Promise<{ created: number; updated: number }> {
  return db.transaction(async (tx) => {
    const row = await importRow(tx, importId);
    if (row.status !== 'dry_run') throw new AppError('CONFLICT', 'This import was applied already.');
    const summary = row.summary as ImportSummary;
    if (summary.errors.length > 0)
      throw new AppError('IMPORT_HAS_ERRORS', 'The dry run found errors: correct the file and upload it again.');
    const errors: ImportIssue[] = [];
    const touched = await writePlan(tx, row.plan as PlannedProduct[], errors);
    if (errors.length > 0) throw new AppError('IMPORT_HAS_ERRORS', errors[0]!.message);
    const changed = touched.filter((entry) => entry.created || !same(entry.before, entry.after));
    const created = changed.filter((entry) => entry.created).length;
    const updated = changed.length - created;
    await tx
      .update(catalogueImports)
      .set({ status: 'applied', touched: changed, appliedAt: new Date() })
      .where(eq(catalogueImports.id, importId));
    await audit(tx, {
      actorId,
      action: 'catalogue.import',
      target: `import:${importId}`,
      detail: { format: row.format, created, updated, productIds: changed.map((entry) => entry.productId) },
    });
    return { created, updated };
  });
}

/**
 * `POST …/import/{id}/undo`: puts every product the import touched back as it was — only the last
 * applied import, and only while none of its products changed since (409 IMPORT_SUPERSEDED).
 */
export async function undoImport(db: Db, actorId: number, importId: number): Promise<{ restored: number }> {
  return db.transaction(async (tx) => {
    const row = await importRow(tx, importId);
    if (row.status !== 'applied') throw new AppError('CONFLICT', 'Only an applied import can be undone.');
    const [last] = await tx
      .select({ id: catalogueImports.id })
      .from(catalogueImports)
      .where(isNotNull(catalogueImports.appliedAt))
      .orderBy(desc(catalogueImports.appliedAt))
      .limit(1);
    if (last?.id !== importId) throw new AppError('IMPORT_SUPERSEDED', 'Only the last import can be undone.');
    const touched = (row.touched ?? []) as Touched[];
    for (const entry of touched) {
      if (!same(await snapshot(tx, entry.productId), entry.after))
        throw new AppError('IMPORT_SUPERSEDED', 'A product of this import was changed since: it cannot be undone.');
    }
    for (const entry of touched) {
      if (entry.created) await tx.delete(products).where(eq(products.id, entry.productId));
      else await restore(tx, entry.productId, entry.before as unknown as RestorableSnapshot);
    }
    await tx
      .update(catalogueImports)
      .set({ status: 'undone', undoneAt: new Date() })
      .where(eq(catalogueImports.id, importId));
    await audit(tx, {
      actorId,
      action: 'catalogue.import_undo',
      target: `import:${importId}`,
      detail: { productIds: touched.map((entry) => entry.productId) },
    });
    return { restored: touched.length };
  });
}

interface RestorableSnapshot {
  product: { categoryId: number; priceCents: number; stockTracked: boolean; imageUrl: string; fit: unknown };
  translations:
    | {
        language: 'en' | 'bg';
        name: string;
        description: string;
        composition: string;
        care: string;
        imageUrl: string;
      }[]
    | null;
  colors:
    | {
        id: number;
        colorName: string;
        colorNameBg: string;
        imageUrl: string;
        hoverImage: string;
        position: number;
        images: string[];
      }[]
    | null;
  sizes: ('XS' | 'S' | 'M' | 'L' | 'XL' | 'XXL')[] | null;
  variants: { colorId: number; size: 'XS' | 'S' | 'M' | 'L' | 'XL' | 'XXL'; sku: string; gtin: string | null }[] | null;
  stock: { colorId: number; size: string; onHand: number }[] | null;
  sales: { id: number; priceCents: number; startsAt: string; endsAt: string | null }[] | null;
}

async function restore(tx: Tx, productId: number, before: RestorableSnapshot): Promise<void> {
  const { product } = before;
  await tx
    .update(products)
    .set({
      categoryId: product.categoryId,
      priceCents: product.priceCents,
      stockTracked: product.stockTracked,
      imageUrl: product.imageUrl,
      fit: product.fit as never,
      updatedAt: new Date(),
    })
    .where(eq(products.id, productId));
  for (const t of before.translations ?? [])
    await tx
      .update(productTranslations)
      .set({ name: t.name, description: t.description, composition: t.composition, care: t.care })
      .where(and(eq(productTranslations.productId, productId), eq(productTranslations.language, t.language)));
  const colours = before.colors ?? [];
  const keep = colours.map((c) => c.id);
  await tx
    .delete(productColors)
    .where(
      and(eq(productColors.productId, productId), keep.length ? sql`${productColors.id} not in ${keep}` : sql`true`),
    );
  for (const c of colours) {
    await tx
      .update(productColors)
      .set({ colorNameBg: c.colorNameBg, imageUrl: c.imageUrl })
      .where(eq(productColors.id, c.id));
    await tx.delete(productColorImages).where(eq(productColorImages.colorId, c.id));
    if (c.images.length > 0)
      await tx
        .insert(productColorImages)
        .values(c.images.map((url, index) => ({ colorId: c.id, url, position: index + 1 })));
  }
  const sizes = before.sizes ?? [];
  await tx
    .delete(productSizes)
    .where(
      and(eq(productSizes.productId, productId), sizes.length ? sql`${productSizes.size} not in ${sizes}` : sql`true`),
    );
  await tx.delete(productVariants).where(eq(productVariants.productId, productId));
  if (before.variants?.length)
    await tx.insert(productVariants).values(before.variants.map((v) => ({ productId, ...v })));
  await tx
    .delete(productStock)
    .where(
      and(
        eq(productStock.productId, productId),
        sql`(color_id, size) not in (select (e->>'colorId')::int, e->>'size' from json_array_elements(${JSON.stringify(before.stock ?? [])}::json) e)`,
      ),
    );
  for (const s of before.stock ?? [])
    await tx
      .update(productStock)
      .set({ onHand: s.onHand })
      .where(and(eq(productStock.colorId, s.colorId), eq(productStock.size, s.size)));
  // The open sales: the import's own go, those it ended or dropped come back as they were.
  const sales = before.sales ?? [];
  const ids = sales.map((sale) => sale.id);
  await tx
    .delete(productSales)
    .where(
      and(
        eq(productSales.productId, productId),
        sql`(${productSales.endsAt} is null or ${productSales.endsAt} > now())`,
        ids.length ? sql`${productSales.id} not in ${ids}` : sql`true`,
      ),
    );
  for (const sale of sales) {
    const values = {
      id: sale.id,
      productId,
      priceCents: sale.priceCents,
      priorPriceCents: sale.priceCents,
      startsAt: new Date(sale.startsAt),
      endsAt: sale.endsAt ? new Date(sale.endsAt) : null,
    };
    await tx
      .insert(productSales)
      .values(values)
      .onConflictDoUpdate({ target: productSales.id, set: { endsAt: values.endsAt } });
  }
  if (sales.length) await refreshPriorPrices(tx, productId);
}
