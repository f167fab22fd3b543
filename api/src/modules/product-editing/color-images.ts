import { MAX_COLOR_IMAGES, type Color, type ColorImagesBody } from '@shop/contract';
import { and, asc, eq, max } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { productColorImages, productColors, products } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { storeImage } from '../../platform/files/images.js';
import { lockProduct, productTarget } from '../catalog/product-lock.js';
import { publishIfComplete, syncMainImage } from './product-colors.js';

/*
 * A colour's pictures (TRADE.md section 5): its own image (`product_colors.image_url`) first, then
 * up to seven more (`product_color_images`, from position 1). The hover image is not one of them.
 */

const tooMany = () =>
  conflict('TOO_MANY_IMAGES', `A colour has at most ${MAX_COLOR_IMAGES} images: remove one to add another.`);

/** The colour of the product (locked by the caller), with its pictures in order; 404 when it has no such colour. */
async function colorWithImages(tx: Tx, productId: number, colorId: number): Promise<Color & { images: string[] }> {
  const [color] = await tx
    .select({
      id: productColors.id,
      colorName: productColors.colorName,
      colorNameBg: productColors.colorNameBg,
      imageUrl: productColors.imageUrl,
      hoverImage: productColors.hoverImage,
    })
    .from(productColors)
    .where(and(eq(productColors.id, colorId), eq(productColors.productId, productId)));
  if (!color) throw notFound('Color not found');
  const more = await tx
    .select({ url: productColorImages.url })
    .from(productColorImages)
    .where(eq(productColorImages.colorId, colorId))
    .orderBy(asc(productColorImages.position));
  return { ...color, images: [...(color.imageUrl ? [color.imageUrl] : []), ...more.map((row) => row.url)] };
}

/**
 * Adds an image (its uploaded bytes) after the colour's others, through the image pipeline
 * (decoded, checked, re-encoded, hashed). A colour without a picture yet takes it as its own image.
 * The ninth: 409.
 */
export async function addColorImage(
  db: Db,
  actorId: number,
  productId: number,
  colorId: number,
  bytes: Buffer,
): Promise<Color> {
  // Refused before the work of encoding when it cannot fit; counted again under the lock.
  const before = await db.transaction(async (tx) => colorWithImages(tx, productId, colorId));
  if (before.images.length >= MAX_COLOR_IMAGES) throw tooMany();
  const { url } = await storeImage(db, bytes, 'product');

  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const color = await colorWithImages(tx, productId, colorId);
    // The same picture again (the same bytes give the same address): it is there already.
    if (color.images.includes(url)) return color;
    if (color.images.length >= MAX_COLOR_IMAGES) throw tooMany();
    if (!color.imageUrl) {
      await tx.update(productColors).set({ imageUrl: url }).where(eq(productColors.id, colorId));
      await syncMainImage(tx, productId, undefined, []);
      await publishIfComplete(tx, productId);
    } else {
      const [last] = await tx
        .select({ position: max(productColorImages.position) })
        .from(productColorImages)
        .where(eq(productColorImages.colorId, colorId));
      await tx.insert(productColorImages).values({ colorId, url, position: (last?.position ?? 0) + 1 });
    }
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
    await audit(tx, {
      actorId,
      action: 'product.color_images',
      target: productTarget(productId),
      detail: { colorId, added: url },
    });
    return colorWithImages(tx, productId, colorId);
  });
}

/**
 * Puts the colour's pictures in the order given: one left out is removed, the first becomes the
 * colour's own image (and the product's, when the product's was the colour's old first). Only the
 * colour's own pictures may be named.
 */
export async function setColorImages(
  db: Db,
  actorId: number,
  productId: number,
  colorId: number,
  { images }: ColorImagesBody,
): Promise<Color> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const color = await colorWithImages(tx, productId, colorId);
    const strangers = images.filter((url) => !color.images.includes(url));
    if (strangers.length > 0) {
      throw badRequest('Only the colour’s own images can be ordered; upload a new one first.', {
        images: `Not an image of this colour: ${strangers.join(', ')}`,
      });
    }
    const [first, ...rest] = images;
    if (first === undefined) throw badRequest('A colour keeps at least one image.');
    const removed = color.images.filter((url) => !images.includes(url));
    if (first !== color.imageUrl) {
      await tx.update(productColors).set({ imageUrl: first }).where(eq(productColors.id, colorId));
    }
    await tx.delete(productColorImages).where(eq(productColorImages.colorId, colorId));
    if (rest.length > 0) {
      await tx.insert(productColorImages).values(rest.map((url, index) => ({ colorId, url, position: index + 1 })));
    }
    // The product's own image follows the colour's first when it was the old one.
    if (first !== color.imageUrl) await syncMainImage(tx, productId, undefined, [color.imageUrl]);
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
    await audit(tx, {
      actorId,
      action: 'product.color_images',
      target: productTarget(productId),
      detail: { colorId, images, removed },
    });
    return colorWithImages(tx, productId, colorId);
  });
}
