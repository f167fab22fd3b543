import type { CreateProductBodySchema, EditProductFieldsSchema, ProductDetailsSchema } from '@shop/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { productColors, products, productSizes, productTranslations } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { removeProductFromCartsAndWishlists } from '../cart/service.js';
import { audit } from '../../platform/audit.js';
import { formError } from './form-errors.js';
import {
  applyColorImages,
  applyColorList,
  assertKnownFiles,
  liveColors,
  publishIfComplete,
  storeFiles,
  syncMainImage,
  type ImageSlots,
  type UploadedImages,
} from './product-colors.js';
import { refreshPriorPrices } from '../sales/service.js';
import { lockProduct, productTarget } from '../catalog/product-lock.js';
import { applySizes } from './product-sizes.js';

/*
 * A product's own writes: creating it with its texts, the edit form, deleting it. Its colours and
 * images are in product-colors.ts, its sizes in product-sizes.ts.
 */

type CreateProduct = z.output<typeof CreateProductBodySchema>;
type ProductDetails = z.output<typeof ProductDetailsSchema>;
type EditProductFields = z.output<typeof EditProductFieldsSchema>;

/** A new product with its texts, colours (images come later) and sizes; hidden until its images are in. */
export async function createProduct(db: Db, actorId: number, body: CreateProduct): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({ categoryId: body.categoryId, priceCents: body.price })
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
      target: productTarget(product.id),
      detail: {
        name: body.enName,
        priceCents: body.price,
        categoryId: body.categoryId,
        sizes: body.sizes,
        colors: body.colors.length,
      },
    });
    return product;
  });
}

/**
 * The edit form: texts, price, category and colours (names and order from `colors`; colours left
 * out are removed, with the cart and wishlist lines that named them). `images` by their slot:
 * `colorImage_{id}` and `colorHoverImage_{id}` replace a colour's images, `mainImage` the
 * product's. `sizes`, when given, sets the sizes (see `applySizes`: removing one that shoppers
 * hold needs `confirmSizeRemoval`).
 */
export async function updateProduct(
  db: Db,
  actorId: number,
  productId: number,
  fields: EditProductFields,
  images: UploadedImages,
): Promise<void> {
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
  assertKnownFiles(images, wanted);

  const stored = await storeFiles(db, images);
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const sizeChange = fields.sizes ? await applySizes(tx, productId, fields.sizes, fields.confirmSizeRemoval) : null;
    const removed = await applyColorList(tx, productId, fields);
    const replaced = await applyColorImages(tx, stored, wanted);
    for (const color of removed) replaced.push(color.imageUrl, color.hoverImage);
    await tx
      .update(products)
      .set({ categoryId: fields.categoryId, priceCents: fields.price, updatedAt: new Date() })
      .where(eq(products.id, productId));
    // A new regular price is part of the history a sale to come takes its prior price from.
    await refreshPriorPrices(tx, productId);
    await writeTranslations(tx, productId, fields);
    await syncMainImage(tx, productId, stored.get('mainImage'), replaced);
    await publishIfComplete(tx, productId);
    await audit(tx, {
      actorId,
      action: 'product.update',
      target: productTarget(productId),
      detail: {
        name: fields.enName,
        priceCents: fields.price,
        categoryId: fields.categoryId,
        colors: fields.colors,
        removedColors: removed.map((color) => ({ id: color.id, colorName: color.colorName })),
        files: [...stored.keys()],
        ...sizeChange,
      },
    });
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
    await audit(tx, { actorId, action: 'product.delete', target: productTarget(productId) });
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
