import { MAX_COLORS, type Color, type EditProductFieldsSchema } from '@shop/contract';
import { and, asc, eq, inArray, isNull, max, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { productColors, products, productTranslations } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { storeImage } from '../../platform/files/images.js';
import { audit } from '../../platform/audit.js';
import { formError } from './form-errors.js';
import { lockProduct, productTarget } from '../catalog/product-lock.js';

/*
 * A product's colours and their images: the create form's upload that publishes a new product,
 * the edit form's colour list, a colour added; and the main image and publishing that follow them.
 */

type EditProductFields = z.output<typeof EditProductFieldsSchema>;

/** Uploaded images (unchecked bytes) by their slot's name: `mainImage`, `colorImage_…`, `colorHoverImage_…`. */
export type UploadedImages = ReadonlyMap<string, Buffer>;

/** Which colour column each image slot fills. */
export type ImageSlots = Map<string, { colorId: number; column: 'imageUrl' | 'hoverImage' }>;

const colorColumns = {
  id: productColors.id,
  colorName: productColors.colorName,
  colorNameBg: productColors.colorNameBg,
  imageUrl: productColors.imageUrl,
  hoverImage: productColors.hoverImage,
};

/**
 * The create form's second call: `mainImage`, `colorImage_{i}` and `colorHoverImage_{i}` by the
 * colours' creation order. Every colour must end with both images; then the product is published.
 */
export async function uploadProductImages(
  db: Db,
  actorId: number,
  productId: number,
  images: UploadedImages,
): Promise<void> {
  const colors = await liveColors(db, productId);
  const wanted: ImageSlots = new Map();
  const missing: Record<string, string> = {};
  colors.forEach((color, index) => {
    const image = `colorImage_${index}`;
    const hover = `colorHoverImage_${index}`;
    wanted
      .set(image, { colorId: color.id, column: 'imageUrl' })
      .set(hover, { colorId: color.id, column: 'hoverImage' });
    if (!color.imageUrl && !images.has(image)) missing[image] = 'Image is required';
    if (!color.hoverImage && !images.has(hover)) missing[hover] = 'Hover image is required';
  });
  assertKnownFiles(images, wanted);
  if (Object.keys(missing).length > 0) throw formError(missing);

  const stored = await storeFiles(db, images);
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
      target: productTarget(productId),
      detail: { files: [...stored.keys()] },
    });
  });
}

/**
 * Sets the product's colours to the edit form's list (the product row is locked): names and order
 * from `colors`; colours left out are removed, with the cart and wishlist lines that named them.
 * Returns the removed colours.
 */
export async function applyColorList(
  tx: Tx,
  productId: number,
  { colors, knownColors }: Pick<EditProductFields, 'colors' | 'knownColors'>,
): Promise<Color[]> {
  const keptIds = colors.map((color) => color.id);
  // Colours left out of the list go. With `knownColors`, only those the form was showing: one
  // added meanwhile in another tab stays (after the listed ones).
  const removed = await tx
    .delete(productColors)
    .where(
      and(
        eq(productColors.productId, productId),
        notInArray(productColors.id, keptIds),
        knownColors ? inArray(productColors.id, knownColors) : undefined,
      ),
    )
    .returning(colorColumns);
  for (const [position, color] of colors.entries()) {
    // A colour sent without `colorNameBg` keeps its Bulgarian name: Drizzle leaves undefined out of the set.
    await tx
      .update(productColors)
      .set({ colorName: color.colorName, colorNameBg: color.colorNameBg, position })
      .where(and(eq(productColors.id, color.id), eq(productColors.productId, productId)));
  }
  await tx
    .update(productColors)
    .set({ position: sql`${productColors.position} + ${colors.length}` })
    .where(and(eq(productColors.productId, productId), notInArray(productColors.id, keptIds)));
  return removed;
}

/** The add-colour modal's: a colour with both its images (the form is checked by the route: forms.ts). */
export async function addColorWithImages(
  db: Db,
  actorId: number,
  productId: number,
  names: { colorName: string; colorNameBg: string },
  images: { colorImage: Buffer; colorHoverImage: Buffer },
): Promise<Color> {
  await liveColors(db, productId);
  const stored = await storeFiles(db, new Map(Object.entries(images)));
  return addColor(db, actorId, productId, names, stored);
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
    await audit(tx, { actorId, action: 'product.add_color', target: productTarget(productId), detail: { ...color } });
    // A new colour's pictures are its own image alone (more are added one by one).
    return { ...color, images: color.imageUrl ? [color.imageUrl] : [] };
  });
}

/** The colours of a product that exists and is not deleted, in their order (404 otherwise). */
export async function liveColors(db: Db | Tx, productId: number): Promise<Color[]> {
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

/** Every image must fill a slot the product has: a misspelt or stale one is an error, not silently dropped. */
export function assertKnownFiles(images: UploadedImages, wanted: Map<string, unknown>): void {
  const unexpected = [...images.keys()].filter((name) => name !== 'mainImage' && !wanted.has(name));
  if (unexpected.length > 0) {
    throw formError(Object.fromEntries(unexpected.map((name) => [name, 'There is no color for this image'])));
  }
}

/**
 * Verifies, re-encodes and stores every uploaded image before any row changes: a bad file
 * fails the request with nothing written but content-addressed files.
 */
export async function storeFiles(db: Db, images: UploadedImages): Promise<Map<string, string>> {
  // sharp encodes on libuv's thread pool: the images of one form are encoded side by side.
  const entries = await Promise.all(
    [...images].map(async ([name, bytes]) => [name, (await storeImage(db, bytes, 'product')).url] as const),
  );
  return new Map(entries);
}

/** Writes stored images to their colours; returns the urls they replaced. */
export async function applyColorImages(tx: Tx, stored: Map<string, string>, wanted: ImageSlots): Promise<string[]> {
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
export async function syncMainImage(
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
export async function publishIfComplete(tx: Tx, productId: number): Promise<void> {
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
