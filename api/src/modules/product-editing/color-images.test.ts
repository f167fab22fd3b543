import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COLOR_IMAGES, type Product } from '@shop/contract';
import { auditLog, productColors, products } from '../../db/schema.js';
import { collectUnusedFiles } from '../../platform/files/collect.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../test/factories.js';
import { multipart, testImage, type FormFiles } from '../../test/uploads.js';

/** Several images per colour (TRADE.md section 5, issue 31). */

let t: TestApp;
let admin: CreatedUser;
let shopper: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'ADMIN' });
  shopper = await createUser(t.db);
});
afterAll(() => t.close());

const url = (productId: number, colorId: number) => `/api/admin/products/${productId}/colors/${colorId}/images`;

const upload = async (productId: number, colorId: number, files: FormFiles, user: CreatedUser = admin) => {
  const form = await multipart({}, files);
  return t.app.inject({
    method: 'POST',
    url: url(productId, colorId),
    headers: { ...bearer(user), ...form.headers },
    payload: form.payload,
  });
};

const reorder = (productId: number, colorId: number, images: string[]) =>
  t.app.inject({ method: 'PUT', url: url(productId, colorId), headers: bearer(admin), payload: { images } });

/** The colour as a shopper's product answer gives it. */
const shownColor = async (productId: number, colorId: number) => {
  const product = (await t.app.inject(`/api/products/${productId}`)).json<Product>();
  return product.colors.find((color) => color.id === colorId)!;
};

const addImages = async (product: CreatedProduct, colorId: number, shades: string[]) => {
  const urls: string[] = [];
  for (const shade of shades) {
    const response = await upload(product.id, colorId, { image: await testImage(shade) });
    expect(response.statusCode, response.body).toBe(201);
    urls.push(response.json().color.images.at(-1));
  }
  return urls;
};

describe('POST /api/admin/products/:id/colors/:colorId/images', () => {
  it("adds images after the colour's own, in order, through the image pipeline; product answers list them", async () => {
    const product = await createProduct(t.db);
    const color = product.colors[1]!;
    // Before any: the colour's own image alone.
    expect((await shownColor(product.id, color.id)).images).toEqual([color.imageUrl]);

    const added = await addImages(product, color.id, ['#aa0000', '#00aa00']);
    for (const image of added) expect(image).toMatch(/^\/files\/[0-9a-f]{64}$/);

    const shown = await shownColor(product.id, color.id);
    expect(shown.images).toEqual([color.imageUrl, ...added]);
    expect(shown.imageUrl).toBe(color.imageUrl);
    expect(shown.hoverImage).toBe(color.hoverImage);
    // The other colour is untouched; the list answers carry them too.
    expect((await shownColor(product.id, product.colors[0]!.id)).images).toEqual([product.colors[0]!.imageUrl]);
    const listed = (await t.app.inject('/api/products')).json<Product[]>().find((p) => p.id === product.id)!;
    expect(listed.colors[1]!.images).toEqual([color.imageUrl, ...added]);
    // Stored as the pipeline stores: a WebP with its narrower variants.
    const file = await t.app.inject(added[0]!);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject(`${added[0]}?w=400`)).statusCode).toBe(200);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `product:${product.id}`), eq(auditLog.action, 'product.color_images')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, detail: { colorId: color.id, added: added[1] } });
  });

  it('refuses a ninth image with 409 TOO_MANY_IMAGES, and stores nothing for it', async () => {
    const product = await createProduct(t.db);
    const color = product.colors[0]!;
    const shades = Array.from({ length: MAX_COLOR_IMAGES - 1 }, (_, i) => `#${(i + 1).toString(16).repeat(6)}`);
    await addImages(product, color.id, shades);
    expect((await shownColor(product.id, color.id)).images).toHaveLength(MAX_COLOR_IMAGES);

    const ninth = await upload(product.id, color.id, { image: await testImage('#123456') });
    expect(ninth.statusCode).toBe(409);
    expect(ninth.json()).toMatchObject({ code: 'TOO_MANY_IMAGES' });
    expect((await shownColor(product.id, color.id)).images).toHaveLength(MAX_COLOR_IMAGES);
  });

  it('refuses what is not an image (415), a form without `image` (400), another product’s colour (404), a shopper (403)', async () => {
    const product = await createProduct(t.db);
    const other = await createProduct(t.db);
    const color = product.colors[0]!;

    const text = await upload(product.id, color.id, {
      image: { bytes: Buffer.from('GIF89a not really'), filename: 'x.png', type: 'image/png' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });

    const misnamed = await upload(product.id, color.id, { picture: await testImage('#334455') });
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().fields).toMatchObject({ image: expect.any(String), picture: expect.any(String) });

    const elsewhere = await upload(other.id, color.id, { image: await testImage('#334455') });
    expect(elsewhere.statusCode).toBe(404);

    const notAdmin = await upload(product.id, color.id, { image: await testImage('#334455') }, shopper);
    expect(notAdmin.statusCode).toBe(403);
    expect((await shownColor(product.id, color.id)).images).toEqual([color.imageUrl]);
  });
});

describe('PUT /api/admin/products/:id/colors/:colorId/images', () => {
  it('puts the images in the new order and removes one left out; the files go once nothing points at them', async () => {
    const product = await createProduct(t.db);
    const color = product.colors[0]!;
    const [a, b, c] = await addImages(product, color.id, ['#a1a1a1', '#b2b2b2', '#c3c3c3']);

    const response = await reorder(product.id, color.id, [color.imageUrl, c!, a!]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().color.images).toEqual([color.imageUrl, c, a]);
    expect((await shownColor(product.id, color.id)).images).toEqual([color.imageUrl, c, a]);

    // The one left out is no longer kept by anything: collected with the unused files.
    await collectUnusedFiles(t.db, new Date(Date.now() + 60_000));
    expect((await t.app.inject(b!)).statusCode).toBe(404);
    expect((await t.app.inject(a!)).statusCode).toBe(200);
  });

  it("makes the new first image the colour's image (and the product's, which was the old first)", async () => {
    const product = await createProduct(t.db);
    const first = product.colors[0]!;
    // The product's image is its first colour's, as a product made in the admin form has it.
    await t.db.update(products).set({ imageUrl: first.imageUrl }).where(eq(products.id, product.id));
    const [extra] = await addImages(product, first.id, ['#d4d4d4']);

    const response = await reorder(product.id, first.id, [extra!, first.imageUrl]);
    expect(response.statusCode, response.body).toBe(200);

    const [row] = await t.db.select().from(productColors).where(eq(productColors.id, first.id));
    expect(row?.imageUrl).toBe(extra);
    expect(row?.hoverImage).toBe(first.hoverImage);
    const shown = (await t.app.inject(`/api/products/${product.id}`)).json<Product>();
    expect(shown.colors[0]).toMatchObject({ imageUrl: extra, images: [extra, first.imageUrl] });
    expect(shown.imageUrl).toBe(extra);

    // Removing the colour's own image: the next one takes its place.
    const dropped = await reorder(product.id, first.id, [first.imageUrl]);
    expect(dropped.json().color).toMatchObject({ imageUrl: first.imageUrl, images: [first.imageUrl] });
  });

  it('refuses an image that is not the colour’s, none at all, and one named twice (400)', async () => {
    const product = await createProduct(t.db);
    const color = product.colors[0]!;
    const [mine] = await addImages(product, color.id, ['#e5e5e5']);

    const stranger = await reorder(product.id, color.id, [color.imageUrl, product.colors[1]!.imageUrl]);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().fields).toHaveProperty('images');
    expect((await reorder(product.id, color.id, [])).statusCode).toBe(400);
    expect((await reorder(product.id, color.id, [mine!, mine!])).statusCode).toBe(400);
    expect((await shownColor(product.id, color.id)).images).toEqual([color.imageUrl, mine]);
  });
});
