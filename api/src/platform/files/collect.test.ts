import { eq, inArray, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, orderItems, orders, productColors, products, users } from '../../db/schema.js';
import { testImage } from '../../test/uploads.js';
import { createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { collectUnusedFiles } from './collect.js';
import { storeImage, type StoredImage } from './images.js';

const t = useTestApp();

/** A product picture large enough to get its 400 and 800 px variants. */
const picture = async (color: string) =>
  storeImage(t.db, await testImage(color, { width: 900, height: 1125 }), 'product');

const stored = async (image: StoredImage) =>
  (
    await t.db
      .select({ id: files.id })
      .from(files)
      .where(or(eq(files.id, image.id), eq(files.sourceId, image.id)))
  ).length;

const age = (image: StoredImage) =>
  t.db
    .update(files)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(or(eq(files.id, image.id), eq(files.sourceId, image.id)));

describe('collecting unused files', () => {
  it('deletes old uploads nothing points at, with their variants, and keeps every referenced file', async () => {
    const product = await createProduct(t.db);
    const shopper = await createUser(t.db);
    const [onProduct, onColour, onOrderOnly, avatar, abandoned, fresh] = await Promise.all([
      picture('#101010'),
      picture('#202020'),
      picture('#303030'),
      storeImage(t.db, await testImage('#404040'), 'avatar'),
      picture('#505050'),
      picture('#606060'),
    ]);
    await t.db.update(products).set({ imageUrl: onProduct.url }).where(eq(products.id, product.id));
    await t.db
      .update(productColors)
      .set({ hoverImage: onColour.url })
      .where(eq(productColors.id, product.colors[0]!.id));
    await t.db.update(users).set({ profilePicture: avatar.url }).where(eq(users.id, shopper.id));
    // A product deleted since: its buyers' order keeps the picture.
    const [order] = await t.db
      .insert(orders)
      .values({ userId: shopper.id, currency: 'USD', totalCents: 4999, paymentProvider: 'builtin' })
      .returning();
    await t.db.insert(orderItems).values({
      orderId: order!.id,
      productId: 999_999,
      name: 'Gone Hoodie',
      colorName: 'Onyx',
      size: 'M',
      unitPriceCents: 4999,
      quantity: 1,
      imageUrl: onOrderOnly.url,
    });
    for (const image of [onProduct, onColour, onOrderOnly, avatar, abandoned]) await age(image);
    expect(await stored(abandoned)).toBe(3);

    expect(await collectUnusedFiles(t.db, new Date(Date.now() - 86_400_000))).toMatchObject({ files: 1, variants: 2 });
    expect(await stored(abandoned)).toBe(0);
    expect(await stored(fresh)).toBe(3); // uploaded today: its form may not be saved yet
    for (const image of [onProduct, onColour, onOrderOnly]) expect(await stored(image)).toBe(3);
    expect(await stored(avatar)).toBe(1);
    expect((await t.app.inject(onProduct.url)).statusCode).toBe(200);
    expect((await t.app.inject(abandoned.url)).statusCode).toBe(404);
    expect(await collectUnusedFiles(t.db, new Date(Date.now() - 86_400_000))).toEqual({ files: 0, variants: 0 });
  });

  it('counts an upload of the same bytes again as new: it waits another day', async () => {
    const bytes = await testImage('#707070', { width: 900, height: 1125 });
    const first = await storeImage(t.db, bytes, 'product');
    await age(first);
    await storeImage(t.db, bytes, 'product');
    expect(await collectUnusedFiles(t.db, new Date(Date.now() - 86_400_000))).toEqual({ files: 0, variants: 0 });
    const [row] = await t.db
      .select({ createdAt: files.createdAt })
      .from(files)
      .where(inArray(files.id, [first.id]));
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(60_000);
  });
});
