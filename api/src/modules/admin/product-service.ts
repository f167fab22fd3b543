import {
  AddColorBodySchema,
  EditProductFieldsSchema,
  MAX_COLORS,
  UploadImagesFieldsSchema,
  type Color,
  type CreateProductBodySchema,
  type ErrorBody,
  type ProductDetailsSchema,
  type Size,
  toCents,
} from '@shop/contract';
import { and, asc, eq, gt, inArray, isNull, max, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  cartItems,
  productColors,
  products,
  productSizes,
  productStock,
  productTranslations,
  wishlistItems,
} from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { storeImage } from '../../platform/files/images.js';
import { removeProductFromCartsAndWishlists } from '../cart/service.js';
import { lockVariants } from '../stock/service.js';
import { audit } from '../../platform/audit.js';
import { formError, parseForm } from './form-errors.js';
import type { MultipartForm } from './multipart-form.js';

type CreateProduct = z.output<typeof CreateProductBodySchema>;
type ProductDetails = z.output<typeof ProductDetailsSchema>;

/** Which colour column each image field of a form fills. */
type ImageSlots = Map<string, { colorId: number; column: 'imageUrl' | 'hoverImage' }>;

const target = (productId: number) => `product:${productId}`;

const colorColumns = {
  id: productColors.id,
  colorName: productColors.colorName,
  colorNameBg: productColors.colorNameBg,
  imageUrl: productColors.imageUrl,
  hoverImage: productColors.hoverImage,
};

/** A new product with its texts, colours (images come later) and sizes; hidden until its images are in. */
export async function createProduct(db: Db, actorId: number, body: CreateProduct): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({ categoryId: body.categoryId, priceCents: toCents(body.price) })
      .returning({ id: products.id });
    if (!product) throw new Error('product insert returned nothing');
    await writeTranslations(tx, product.id, body);
    await tx.insert(productColors).values(
      body.colors.map((color, position) => ({
        productId: product.id,
        colorName: color.colorName,
        colorNameBg: color.colorNameBg,
        position,
      })),
    );
    await tx.insert(productSizes).values(body.sizes.map((size) => ({ productId: product.id, size })));
    await audit(tx, {
      actorId,
      action: 'product.create',
      target: target(product.id),
      detail: {
        name: body.enName,
        price: body.price,
        categoryId: body.categoryId,
        sizes: body.sizes,
        colors: body.colors.length,
      },
    });
    return product;
  });
}

/**
 * The create form's second call: `mainImage`, `colorImage_{i}` and `colorHoverImage_{i}` by the
 * colours' creation order. Every colour must end with both images; then the product is published.
 */
export async function uploadProductImages(db: Db, actorId: number, form: MultipartForm): Promise<void> {
  const { productId } = parseForm(UploadImagesFieldsSchema, form.fields);
  const colors = await liveColors(db, productId);
  const wanted: ImageSlots = new Map();
  const missing: Record<string, string> = {};
  colors.forEach((color, index) => {
    const image = `colorImage_${index}`;
    const hover = `colorHoverImage_${index}`;
    wanted
      .set(image, { colorId: color.id, column: 'imageUrl' })
      .set(hover, { colorId: color.id, column: 'hoverImage' });
    if (!color.imageUrl && !form.files.has(image)) missing[image] = 'Image is required';
    if (!color.hoverImage && !form.files.has(hover)) missing[hover] = 'Hover image is required';
  });
  assertKnownFiles(form, wanted);
  if (Object.keys(missing).length > 0) throw formError(missing);

  const stored = await storeFiles(db, form);
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const replaced = await applyColorImages(tx, stored, wanted);
    await syncMainImage(tx, productId, stored.get('mainImage'), replaced);
    await tx
      .update(products)
      .set({ publishedAt: sql`coalesce(${products.publishedAt}, now())`, updatedAt: new Date() })
      .where(eq(products.id, productId));
    await audit(tx, {
      actorId,
      action: 'product.upload_images',
      target: target(productId),
      detail: { files: [...stored.keys()] },
    });
  });
}

/**
 * The edit form: texts, price, category and colours (names and order from `colors`; colours left
 * out are removed, with the cart and wishlist lines that named them). `colorImage_{id}` and
 * `colorHoverImage_{id}` replace a colour's images. `sizes`, when sent, sets the sizes (see
 * `applySizes`: removing one that shoppers hold needs `confirmSizeRemoval`).
 */
export async function updateProduct(db: Db, actorId: number, productId: number, form: MultipartForm): Promise<void> {
  const fields = parseForm(EditProductFieldsSchema, form.fields);
  const existing = await liveColors(db, productId);
  const existingIds = new Set(existing.map((color) => color.id));
  const unknown = fields.colors.find((color) => !existingIds.has(color.id));
  if (unknown) throw formError({ colors: `Color ${unknown.id} is not a color of this product` });
  const wanted: ImageSlots = new Map();
  for (const { id } of fields.colors) {
    wanted
      .set(`colorImage_${id}`, { colorId: id, column: 'imageUrl' })
      .set(`colorHoverImage_${id}`, { colorId: id, column: 'hoverImage' });
  }
  assertKnownFiles(form, wanted);

  const stored = await storeFiles(db, form);
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const sizeChange = fields.sizes ? await applySizes(tx, productId, fields.sizes, fields.confirmSizeRemoval) : null;
    const keptIds = fields.colors.map((color) => color.id);
    // Colours left out of the list go. With `knownColors`, only those the form was showing: one
    // added meanwhile in another tab stays (after the listed ones).
    const removed = await tx
      .delete(productColors)
      .where(
        and(
          eq(productColors.productId, productId),
          notInArray(productColors.id, keptIds),
          fields.knownColors ? inArray(productColors.id, fields.knownColors) : undefined,
        ),
      )
      .returning(colorColumns);
    for (const [position, color] of fields.colors.entries()) {
      // A colour sent without `colorNameBg` keeps its Bulgarian name: Drizzle leaves undefined out of the set.
      await tx
        .update(productColors)
        .set({ colorName: color.colorName, colorNameBg: color.colorNameBg, position })
        .where(and(eq(productColors.id, color.id), eq(productColors.productId, productId)));
    }
    await tx
      .update(productColors)
      .set({ position: sql`${productColors.position} + ${fields.colors.length}` })
      .where(and(eq(productColors.productId, productId), notInArray(productColors.id, keptIds)));
    const replaced = await applyColorImages(tx, stored, wanted);
    for (const color of removed) replaced.push(color.imageUrl, color.hoverImage);
    await tx
      .update(products)
      .set({ categoryId: fields.categoryId, priceCents: toCents(fields.price), updatedAt: new Date() })
      .where(eq(products.id, productId));
    await writeTranslations(tx, productId, fields);
    await syncMainImage(tx, productId, stored.get('mainImage'), replaced);
    await publishIfComplete(tx, productId);
    await audit(tx, {
      actorId,
      action: 'product.update',
      target: target(productId),
      detail: {
        name: fields.enName,
        price: fields.price,
        categoryId: fields.categoryId,
        colors: fields.colors,
        removedColors: removed.map((color) => ({ id: color.id, colorName: color.colorName })),
        files: [...stored.keys()],
        ...sizeChange,
      },
    });
  });
}

/** What a size change did, for the audit log. */
interface SizeChange {
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
async function applySizes(tx: Tx, productId: number, wanted: Size[], confirmed = false): Promise<SizeChange> {
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

/** The add-colour modal's form: `colorName`, `colorImage` and `colorHoverImage` required, `colorNameBg` optional. */
export async function addColorWithImages(
  db: Db,
  actorId: number,
  productId: number,
  form: MultipartForm,
): Promise<Color> {
  const problems: Record<string, string> = {};
  const names = AddColorBodySchema.safeParse(form.fields);
  for (const issue of names.error?.issues ?? []) problems[String(issue.path[0] ?? 'colorName')] ??= issue.message;
  if (!form.files.has('colorImage')) problems.colorImage = 'Image is required';
  if (!form.files.has('colorHoverImage')) problems.colorHoverImage = 'Hover image is required';
  for (const field of form.files.keys()) {
    if (field !== 'colorImage' && field !== 'colorHoverImage') problems[field] = 'There is no color for this image';
  }
  if (!names.success || Object.keys(problems).length > 0) throw formError(problems);
  await liveColors(db, productId);
  const images = await storeFiles(db, form);
  return addColor(db, actorId, productId, names.data, images);
}

/** A new colour at the end of the list; without images (the JSON form) until an edit gives it some. */
export async function addColor(
  db: Db,
  actorId: number,
  productId: number,
  { colorName, colorNameBg }: { colorName: string; colorNameBg: string },
  images: Map<string, string> = new Map(),
): Promise<Color> {
  const imageUrl = images.get('colorImage') ?? '';
  const hoverImage = images.get('colorHoverImage') ?? '';
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [stats] = await tx
      .select({ count: sql<number>`count(*)::int`, last: max(productColors.position) })
      .from(productColors)
      .where(eq(productColors.productId, productId));
    if ((stats?.count ?? 0) >= MAX_COLORS) throw badRequest(`A product can have at most ${MAX_COLORS} colors.`);
    const [color] = await tx
      .insert(productColors)
      .values({ productId, colorName, colorNameBg, imageUrl, hoverImage, position: (stats?.last ?? -1) + 1 })
      .returning(colorColumns);
    if (!color) throw new Error('color insert returned nothing');
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
    await syncMainImage(tx, productId, undefined, []);
    await publishIfComplete(tx, productId);
    await audit(tx, { actorId, action: 'product.add_color', target: target(productId), detail: { ...color } });
    return color;
  });
}

/**
 * Soft delete: the product leaves the shop and every cart and wishlist; orders keep their
 * snapshots (order_items copy name, price and image), so the books stay whole.
 */
export async function deleteProduct(db: Db, actorId: number, productId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(products)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(products.id, productId), isNull(products.deletedAt)))
      .returning({ id: products.id });
    if (!deleted) throw notFound('Product not found');
    await removeProductFromCartsAndWishlists(tx, productId);
    await audit(tx, { actorId, action: 'product.delete', target: target(productId) });
  });
}

async function writeTranslations(tx: Tx, productId: number, details: ProductDetails): Promise<void> {
  const rows = [
    {
      productId,
      language: 'en' as const,
      name: details.enName,
      description: details.enDescription,
      composition: details.enComposition,
      care: details.enCare,
    },
    {
      productId,
      language: 'bg' as const,
      name: details.bgName,
      description: details.bgDescription,
      composition: details.bgComposition,
      care: details.bgCare,
    },
  ];
  await tx
    .insert(productTranslations)
    .values(rows)
    .onConflictDoUpdate({
      target: [productTranslations.productId, productTranslations.language],
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        composition: sql`excluded.composition`,
        care: sql`excluded.care`,
      },
    });
}

/** The colours of a product that exists and is not deleted, in their order (404 otherwise). */
async function liveColors(db: Db | Tx, productId: number): Promise<Color[]> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  if (!product) throw notFound('Product not found');
  return colorsOf(db, productId);
}

function colorsOf(db: Db | Tx, productId: number): Promise<Color[]> {
  return db
    .select(colorColumns)
    .from(productColors)
    .where(eq(productColors.productId, productId))
    .orderBy(asc(productColors.position), asc(productColors.id));
}

/** Serialises writes to one product (double clicks, two tabs); 404 once it is deleted. */
async function lockProduct(tx: Tx, productId: number): Promise<void> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .for('update');
  if (!product) throw notFound('Product not found');
}

/** Every file must be one the form expects: a misspelt or stale field is an error, not silently dropped. */
function assertKnownFiles(form: MultipartForm, wanted: Map<string, unknown>): void {
  const unexpected = [...form.files.keys()].filter((name) => name !== 'mainImage' && !wanted.has(name));
  if (unexpected.length > 0) {
    throw formError(Object.fromEntries(unexpected.map((name) => [name, 'There is no color for this image'])));
  }
}

/**
 * Verifies, re-encodes and stores every uploaded image before any row changes: a bad file
 * fails the request with nothing written but content-addressed files.
 */
async function storeFiles(db: Db, form: MultipartForm): Promise<Map<string, string>> {
  // sharp encodes on libuv's thread pool: the images of one form are encoded side by side.
  const entries = await Promise.all(
    [...form.files].map(async ([name, bytes]) => [name, (await storeImage(db, bytes, 'product')).url] as const),
  );
  return new Map(entries);
}

/** Writes stored images to their colours; returns the urls they replaced. */
async function applyColorImages(tx: Tx, stored: Map<string, string>, wanted: ImageSlots): Promise<string[]> {
  const replaced: string[] = [];
  for (const [name, url] of stored) {
    const slot = wanted.get(name);
    if (!slot) continue;
    const [before] = await tx
      .select({ url: productColors[slot.column] })
      .from(productColors)
      .where(eq(productColors.id, slot.colorId));
    if (before?.url && before.url !== url) replaced.push(before.url);
    await tx
      .update(productColors)
      .set({ [slot.column]: url })
      .where(eq(productColors.id, slot.colorId));
  }
  return replaced;
}

/**
 * The product's main image (cards, cart lines): an uploaded `mainImage`, else the current one
 * while it still belongs to the product, else the first colour's image.
 */
async function syncMainImage(
  tx: Tx,
  productId: number,
  uploaded: string | undefined,
  dropped: string[],
): Promise<void> {
  const [product] = await tx.select({ imageUrl: products.imageUrl }).from(products).where(eq(products.id, productId));
  const current = product?.imageUrl ?? '';
  let main = uploaded;
  if (!main) {
    const keep = current !== '' && !dropped.includes(current);
    main = keep ? current : ((await colorsOf(tx, productId))[0]?.imageUrl ?? '');
  }
  if (main === current) return;
  await tx.update(products).set({ imageUrl: main }).where(eq(products.id, productId));
  await tx.update(productTranslations).set({ imageUrl: main }).where(eq(productTranslations.productId, productId));
}

/** A draft goes live once every colour has both images (e.g. after an upload that failed midway). */
async function publishIfComplete(tx: Tx, productId: number): Promise<void> {
  const [incomplete] = await tx
    .select({ id: productColors.id })
    .from(productColors)
    .where(
      and(eq(productColors.productId, productId), or(eq(productColors.imageUrl, ''), eq(productColors.hoverImage, ''))),
    )
    .limit(1);
  if (incomplete) return;
  await tx
    .update(products)
    .set({ publishedAt: sql`coalesce(${products.publishedAt}, now())` })
    .where(and(eq(products.id, productId), sql`${products.imageUrl} <> ''`));
}
