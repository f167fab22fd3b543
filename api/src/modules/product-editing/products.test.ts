import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  cartItems,
  orderItems,
  orders,
  productColors,
  products,
  productSizes,
  productStock,
  wishlistItems,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../test/factories.js';
import { TEST_DELIVERY } from '../payments/test-support.js';
import { multipart, testImage, type FormFiles } from '../../test/uploads.js';

let t: TestApp;
let admin: CreatedUser;
let shopper: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'ADMIN', name: 'Ada Admin' });
  shopper = await createUser(t.db);
});
afterAll(() => t.close());

const validBody = (overrides: Record<string, unknown> = {}) => ({
  enName: 'Shadow Hoodie',
  enDescription: 'Heavy cotton, boxy fit.',
  bgName: 'Суитшърт Сянка',
  bgDescription: 'Плътен памук, свободна кройка.',
  price: 89.9,
  categoryId: 2,
  sizes: ['S', 'M', 'L', 'XL'],
  colors: [{ colorName: 'Onyx' }, { colorName: 'Bone' }],
  translations: {
    create: [
      { language: 'en', name: 'Shadow Hoodie', description: 'Heavy cotton, boxy fit.', imageUrl: '' },
      { language: 'bg', name: 'Суитшърт Сянка', description: 'Плътен памук, свободна кройка.', imageUrl: '' },
    ],
  },
  ...overrides,
});

const createDraft = async (overrides: Record<string, unknown> = {}) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(admin),
    payload: validBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product.id as number;
};

const send = async (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string | number>,
  files: FormFiles = {},
) => {
  const form = await multipart(fields, files);
  return t.app.inject({ method, url, headers: { ...bearer(admin), ...form.headers }, payload: form.payload });
};

const colorsOf = (productId: number) =>
  t.db.select().from(productColors).where(eq(productColors.productId, productId)).orderBy(productColors.position);

const productRow = async (productId: number) =>
  (await t.db.select().from(products).where(eq(products.id, productId)))[0];

const lastAudit = async (target: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(desc(auditLog.id)).limit(1))[0];

const publicIds = async (url = '/api/products') => (await t.app.inject(url)).json<{ id: number }[]>().map((p) => p.id);

const images = async () => ({
  mainImage: await testImage('#101010'),
  colorImage_0: await testImage('#111111'),
  colorHoverImage_0: await testImage('#222222', { format: 'jpeg' }),
  colorImage_1: await testImage('#eeeeee', { format: 'webp' }),
  colorHoverImage_1: await testImage('#dddddd'),
});

const publish = async (productId: number) => {
  const response = await send('POST', '/api/products/upload-images', { productId }, await images());
  expect(response.statusCode, response.body).toBe(200);
};

describe('POST /api/products', () => {
  it('creates an unpublished product with both translations, its colours and sizes, and audits it', async () => {
    const id = await createDraft();
    const row = await productRow(id);
    expect(row).toMatchObject({ categoryId: 2, priceCents: 8990, publishedAt: null, deletedAt: null });
    expect((await colorsOf(id)).map((c) => [c.colorName, c.imageUrl, c.hoverImage])).toEqual([
      ['Onyx', '', ''],
      ['Bone', '', ''],
    ]);

    expect(await publicIds()).not.toContain(id);
    expect((await t.app.inject(`/api/products/${id}`)).statusCode).toBe(404);
    const asAdmin = await t.app.inject({ url: `/api/products/${id}?lang=bg`, headers: bearer(admin) });
    expect(asAdmin.json()).toMatchObject({ name: 'Суитшърт Сянка', published: false, price: 89.9 });
    expect(asAdmin.json().sizes.map((s: { size: string }) => s.size)).toEqual(['S', 'M', 'L', 'XL']);

    const entry = await lastAudit(`product:${id}`);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'product.create' });
    expect(entry?.detail).toMatchObject({ name: 'Shadow Hoodie', priceCents: 8990 });
  });

  it('answers the spec’s overall message with a message per missing field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(admin), payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Please fill in all required fields',
      code: 'VALIDATION_ERROR',
      fields: {
        enName: 'English name is required',
        enDescription: 'English description is required',
        bgName: 'Bulgarian name is required',
        bgDescription: 'Bulgarian description is required',
        price: 'Valid price is required',
        categoryId: 'Category is required',
      },
    });
    expect(response.json().fields).toMatchObject({
      sizes: 'At least one size is required',
      colors: 'At least one color is required',
    });
  });

  it.each([
    ['blank name', { enName: '   ' }, 'enName', 'English name is required'],
    ['zero price', { price: 0 }, 'price', 'Valid price is required'],
    ['negative price', { price: -5 }, 'price', 'Valid price is required'],
    ['price that is not a number', { price: 'free' }, 'price', 'Valid price is required'],
    ['unknown category', { categoryId: 4 }, 'categoryId', 'Category is required'],
    ['no sizes', { sizes: [] }, 'sizes', 'At least one size is required'],
    ['unknown size', { sizes: ['S', 'XXXL'] }, 'sizes.1', 'Sizes are XS, S, M, L, XL, XXL'],
    ['no colours', { colors: [] }, 'colors', 'At least one color is required'],
    ['blank colour name', { colors: [{ colorName: '  ' }] }, 'colors.0.colorName', 'Color name is required'],
  ])('refuses a %s', async (_, overrides, field, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin),
      payload: validBody(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please fill in all required fields');
    expect(response.json().fields[field]).toBe(message);
  });

  it('ignores keys a client may not set, such as a publication date or a price in cents', async () => {
    const id = await createDraft({ publishedAt: '2020-01-01', priceCents: 1, deletedAt: '2020-01-01' });
    expect(await productRow(id)).toMatchObject({ priceCents: 8990, publishedAt: null, deletedAt: null });
  });
});

describe('POST /api/products/upload-images', () => {
  it('stores every image as WebP, fills the colours and publishes the product; the shop shows it at once', async () => {
    const id = await createDraft();
    expect(await publicIds()).not.toContain(id); // the list is now cached without it
    await publish(id);

    const colors = await colorsOf(id);
    for (const color of colors) {
      expect(color.imageUrl).toMatch(/^\/files\/[a-f0-9]{64}$/);
      expect(color.hoverImage).toMatch(/^\/files\/[a-f0-9]{64}$/);
    }
    expect(new Set(colors.flatMap((c) => [c.imageUrl, c.hoverImage])).size).toBe(4);
    const row = await productRow(id);
    expect(row?.publishedAt).toBeInstanceOf(Date);
    expect(row?.imageUrl).toMatch(/^\/files\//);
    expect(colors.map((c) => c.imageUrl)).not.toContain(row?.imageUrl);

    const file = await t.app.inject(row?.imageUrl ?? '');
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');

    expect(await publicIds()).toContain(id);
    const bg = (await t.app.inject(`/api/products/${id}?lang=bg`)).json();
    expect(bg).toMatchObject({ name: 'Суитшърт Сянка', imageUrl: row?.imageUrl, published: true });
    expect(bg.translations.map((tr: { imageUrl: string }) => tr.imageUrl)).toEqual([row?.imageUrl, row?.imageUrl]);
    expect(await lastAudit(`product:${id}`)).toMatchObject({ action: 'product.upload_images', actorId: admin.id });
  });

  it('uses the first colour’s image as the main image when none is sent', async () => {
    const id = await createDraft({ colors: [{ colorName: 'Ash' }] });
    const response = await send(
      'POST',
      '/api/products/upload-images',
      { productId: id },
      {
        colorImage_0: await testImage('#555555'),
        colorHoverImage_0: await testImage('#666666'),
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [color] = await colorsOf(id);
    expect((await productRow(id))?.imageUrl).toBe(color?.imageUrl);
  });

  it('refuses an upload that leaves a colour without both images, and keeps the product hidden', async () => {
    const id = await createDraft();
    const { colorHoverImage_1: _left, mainImage: _main, ...partial } = await images();
    const response = await send('POST', '/api/products/upload-images', { productId: id }, partial);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Please fill in all required fields',
      fields: { colorHoverImage_1: 'Hover image is required' },
    });
    expect((await productRow(id))?.publishedAt).toBeNull();
    expect((await colorsOf(id)).every((c) => c.imageUrl === '')).toBe(true);
  });

  it('refuses a file that is not an image, even named and typed as one (415), and writes nothing', async () => {
    const id = await createDraft();
    const files = await images();
    const response = await send(
      'POST',
      '/api/products/upload-images',
      { productId: id },
      {
        ...files,
        colorHoverImage_1: { bytes: Buffer.from('<?php echo "hi"; ?>'), filename: 'photo.png', type: 'image/png' },
      },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: 'Only JPEG, PNG and WebP images are accepted.',
    });
    expect((await productRow(id))?.publishedAt).toBeNull();
  });

  it('refuses a file over 2 MB and a request over 8 MB with 413', async () => {
    const id = await createDraft();
    const big = await send(
      'POST',
      '/api/products/upload-images',
      { productId: id },
      {
        ...(await images()),
        colorImage_0: Buffer.alloc(2 * 1024 * 1024 + 1, 7),
      },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: 'Images may be at most 2 MB.' });

    const chunk = () => Buffer.alloc(1.9 * 1024 * 1024, 7);
    const many = await send(
      'POST',
      '/api/products/upload-images',
      { productId: id },
      {
        mainImage: chunk(),
        colorImage_0: chunk(),
        colorHoverImage_0: chunk(),
        colorImage_1: chunk(),
        colorHoverImage_1: chunk(),
      },
    );
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: 'The images of one request may be at most 8 MB together.',
    });
    expect((await productRow(id))?.publishedAt).toBeNull();
  });

  it('refuses images for a colour the product does not have, a missing product id and a JSON body', async () => {
    const id = await createDraft();
    const stray = await send(
      'POST',
      '/api/products/upload-images',
      { productId: id },
      {
        ...(await images()),
        colorImage_2: await testImage('#123456'),
      },
    );
    expect(stray.statusCode).toBe(400);
    expect(stray.json().fields).toEqual({ colorImage_2: 'There is no color for this image' });

    const noId = await send('POST', '/api/products/upload-images', {}, await images());
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fields.productId).toBe('Product id is required');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/products/upload-images',
      headers: bearer(admin),
      payload: { productId: id },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 404 for an unknown or deleted product', async () => {
    const unknown = await send('POST', '/api/products/upload-images', { productId: 999_999 }, await images());
    expect(unknown.statusCode).toBe(404);
    const id = await createDraft();
    await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin) });
    const deleted = await send('POST', '/api/products/upload-images', { productId: id }, await images());
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ error: 'Product not found', code: 'NOT_FOUND' });
  });

  it('survives a double click: two identical uploads leave one consistent product', { tags: ['engine'] }, async () => {
    const id = await createDraft();
    const files = await images();
    const [first, second] = await Promise.all([
      send('POST', '/api/products/upload-images', { productId: id }, files),
      send('POST', '/api/products/upload-images', { productId: id }, files),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await colorsOf(id)).toHaveLength(2);
    expect((await productRow(id))?.publishedAt).toBeInstanceOf(Date);
  });
});

describe('PUT /api/products/:id', () => {
  const editFields = (
    colors: { id: number; colorName: string; colorNameBg?: string }[],
    overrides: Record<string, string | number> = {},
  ) => ({
    enName: 'Shadow Hoodie II',
    enDescription: 'Heavier cotton.',
    bgName: 'Суитшърт Сянка II',
    bgDescription: 'По-плътен памук.',
    price: '99.50',
    categoryId: '3',
    colors: JSON.stringify(colors),
    ...overrides,
  });

  it('edits texts, price, category and colour names; the cached product changes at once', async () => {
    const id = await createDraft();
    await publish(id);
    const before = await t.app.inject(`/api/products/${id}`);
    expect(before.json().price).toBe(89.9);
    const etag = before.headers.etag as string;

    const [onyx, bone] = await colorsOf(id);
    const response = await send(
      'PUT',
      `/api/products/${id}`,
      editFields([
        { id: bone!.id, colorName: 'Bone White' },
        { id: onyx!.id, colorName: 'Onyx' },
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const after = await t.app.inject({ url: `/api/products/${id}?lang=bg`, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      name: 'Суитшърт Сянка II',
      description: 'По-плътен памук.',
      price: 99.5,
      categoryId: 3,
    });
    expect(after.json().colors.map((c: { colorName: string }) => c.colorName)).toEqual(['Bone White', 'Onyx']);
    expect(await publicIds('/api/products?categoryId=3')).toContain(id);
    expect(await lastAudit(`product:${id}`)).toMatchObject({ action: 'product.update', actorId: admin.id });
  });

  it('removes the colours left out, with the cart and wishlist lines that named them; orders keep theirs', async () => {
    const product = await createProduct(t.db, { colors: ['Onyx', 'Bone', 'Sand'] });
    const [onyx, bone, sand] = product.colors;
    await t.db.insert(cartItems).values([
      { userId: shopper.id, productId: product.id, colorId: bone!.id, size: 'M', quantity: 2 },
      { userId: shopper.id, productId: product.id, colorId: onyx!.id, size: 'M', quantity: 1 },
    ]);
    await t.db
      .insert(wishlistItems)
      .values({ userId: shopper.id, productId: product.id, colorId: sand!.id, size: 'S' });

    const response = await send(
      'PUT',
      `/api/products/${product.id}`,
      editFields([{ id: onyx!.id, colorName: 'Onyx' }]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await colorsOf(product.id)).map((c) => c.colorName)).toEqual(['Onyx']);
    const cart = await t.db.select().from(cartItems).where(eq(cartItems.productId, product.id));
    expect(cart.map((line) => line.colorId)).toEqual([onyx!.id]);
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.productId, product.id))).toEqual([]);
    // The main image was the first colour's: it stays while that colour stays.
    const entry = await lastAudit(`product:${product.id}`);
    expect(entry?.detail).toMatchObject({
      removedColors: [
        { id: bone!.id, colorName: 'Bone' },
        { id: sand!.id, colorName: 'Sand' },
      ],
    });
  });

  it('keeps a colour added in another tab when the form names the colours it knew', async () => {
    const product = await createProduct(t.db, { colors: ['Onyx', 'Bone'] });
    const [onyx, bone] = product.colors;
    const known = JSON.stringify([onyx!.id, bone!.id]);
    // Another tab adds a colour after this form opened; this form then removes Bone.
    const added = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/add-color`,
      headers: bearer(admin),
      payload: { colorName: 'Sage' },
    });
    const response = await send(
      'PUT',
      `/api/products/${product.id}`,
      editFields([{ id: onyx!.id, colorName: 'Onyx' }], { knownColors: known }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await colorsOf(product.id)).map((c) => [c.id, c.colorName])).toEqual([
      [onyx!.id, 'Onyx'],
      [added.json().color.id, 'Sage'],
    ]);

    const bad = await send(
      'PUT',
      `/api/products/${product.id}`,
      editFields([{ id: onyx!.id, colorName: 'Onyx' }], { knownColors: 'x' }),
    );
    expect(bad.json().fields).toEqual({ knownColors: 'Known colors must be JSON of ids' });
  });

  it('replaces a colour’s images; the main image follows when its colour goes', async () => {
    const id = await createDraft({ colors: [{ colorName: 'Onyx' }, { colorName: 'Bone' }] });
    const response0 = await send(
      'POST',
      '/api/products/upload-images',
      { productId: id },
      {
        colorImage_0: await testImage('#000001'),
        colorHoverImage_0: await testImage('#000002'),
        colorImage_1: await testImage('#fffff1'),
        colorHoverImage_1: await testImage('#fffff2'),
      },
    );
    expect(response0.statusCode).toBe(200);
    const [onyx, bone] = await colorsOf(id);
    expect((await productRow(id))?.imageUrl).toBe(onyx?.imageUrl);

    const response = await send('PUT', `/api/products/${id}`, editFields([{ id: bone!.id, colorName: 'Bone' }]), {
      [`colorHoverImage_${bone!.id}`]: await testImage('#abcdef'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [after] = await colorsOf(id);
    expect(after?.imageUrl).toBe(bone?.imageUrl);
    expect(after?.hoverImage).not.toBe(bone?.hoverImage);
    expect(after?.hoverImage).toMatch(/^\/files\//);
    expect((await productRow(id))?.imageUrl).toBe(bone?.imageUrl);
  });

  it('validates like the create form and refuses colours of another product', async () => {
    const product = await createProduct(t.db);
    const other = await createProduct(t.db);
    const mine = product.colors.map((c) => ({ id: c.id, colorName: c.colorName }));

    const cases: [Record<string, string | number>, string, string][] = [
      [editFields(mine, { enName: '' }), 'enName', 'English name is required'],
      [editFields(mine, { price: '0' }), 'price', 'Valid price is required'],
      [editFields(mine, { price: 'abc' }), 'price', 'Valid price is required'],
      [editFields(mine, { categoryId: '9' }), 'categoryId', 'Category is required'],
      [editFields([]), 'colors', 'At least one color is required'],
      [editFields(mine, { colors: 'not json' }), 'colors', 'Colors must be JSON of [{ id, colorName }]'],
      [editFields([{ id: mine[0]!.id, colorName: ' ' }]), 'colors.0.colorName', 'Color name is required'],
      [
        editFields([{ id: other.colors[0]!.id, colorName: 'Stolen' }]),
        'colors',
        `Color ${other.colors[0]!.id} is not a color of this product`,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const response = await send('PUT', `/api/products/${product.id}`, fields);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error).toBe('Please fill in all required fields');
      expect(response.json().fields[field], field).toBe(message);
    }
    const removedImage = await send('PUT', `/api/products/${product.id}`, editFields([mine[0]!]), {
      [`colorImage_${mine[1]!.id}`]: await testImage('#333333'),
    });
    expect(removedImage.statusCode).toBe(400);
    expect(await colorsOf(product.id)).toHaveLength(2);
    expect(await colorsOf(other.id)).toHaveLength(2);
  });

  it('answers 404 for a deleted product', async () => {
    const product = await createProduct(t.db);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, product.id));
    const response = await send('PUT', `/api/products/${product.id}`, editFields(product.colors));
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /api/products/:id sizes', () => {
  /** The edit form of `product` as it is, with `sizes` (and any other field) sent. */
  const edit = (product: CreatedProduct, fields: Record<string, string>) =>
    send('PUT', `/api/products/${product.id}`, {
      enName: 'Sized Hoodie',
      enDescription: 'Heavy cotton.',
      bgName: 'Суитшърт с размери',
      bgDescription: 'Плътен памук.',
      price: '49.99',
      categoryId: '1',
      colors: JSON.stringify(product.colors.map(({ id, colorName }) => ({ id, colorName }))),
      ...fields,
    });
  const sizesOf = async (productId: number) =>
    (await t.app.inject({ url: `/api/products/${productId}`, headers: bearer(admin) }))
      .json<{ sizes: { size: string }[] }>()
      .sizes.map((row) => row.size);
  const get = (user: CreatedUser, url: string) => t.app.inject({ url, headers: bearer(user) });

  it('adds sizes (in the spec’s order); a tracked product has none of them on hand yet', async () => {
    const product = await createProduct(t.db, { sizes: ['S', 'M'], stock: 5 });
    const response = await edit(product, { sizes: JSON.stringify(['XXL', 'S', 'M', 'XS', 'M']) });
    expect(response.statusCode, response.body).toBe(200);

    const answer = await t.app.inject({ url: `/api/products/${product.id}`, headers: bearer(admin) });
    expect(answer.json().sizes.map((row: { size: string }) => row.size)).toEqual(['XS', 'S', 'M', 'XXL']);
    const onyx = product.colors[0]!.id;
    const cell = (size: string) =>
      answer
        .json()
        .stock.find((entry: { colorId: number; size: string }) => entry.colorId === onyx && entry.size === size);
    expect(cell('XS')).toEqual({ colorId: onyx, size: 'XS', available: 0, onHand: 0, reserved: 0 });
    expect(cell('XXL')).toMatchObject({ available: 0, onHand: 0 });
    expect(cell('S')).toMatchObject({ available: 5, onHand: 5 });
    expect(answer.json().stock).toHaveLength(product.colors.length * 4);
    // The shop shows the new sizes at once, sold out until counted.
    const shop = (await t.app.inject(`/api/products/${product.id}`)).json();
    expect(shop.sizes.map((row: { size: string }) => row.size)).toEqual(['XS', 'S', 'M', 'XXL']);

    expect((await lastAudit(`product:${product.id}`))?.detail).toMatchObject({
      sizes: ['XXL', 'S', 'M', 'XS'],
      addedSizes: ['XXL', 'XS'],
      removedSizes: [],
    });
  });

  it('keeps the sizes when the form sends none', async () => {
    const product = await createProduct(t.db, { sizes: ['S', 'M'] });
    expect((await edit(product, {})).statusCode).toBe(200);
    expect(await sizesOf(product.id)).toEqual(['S', 'M']);
  });

  it('removes a size no cart or wishlist holds without asking, with its stock', async () => {
    const product = await createProduct(t.db, { sizes: ['S', 'M', 'L'], stock: 3 });
    const shopper2 = await createUser(t.db);
    // Another size of the product in a cart does not count.
    await t.db
      .insert(cartItems)
      .values({ userId: shopper2.id, productId: product.id, colorId: product.colors[0]!.id, size: 'S', quantity: 1 });
    const response = await edit(product, { sizes: JSON.stringify(['S', 'M']) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await sizesOf(product.id)).toEqual(['S', 'M']);
    const stock = await t.db.select().from(productStock).where(eq(productStock.productId, product.id));
    expect(stock.map((row) => row.size).sort()).toEqual(['M', 'M', 'S', 'S']);
  });

  it('asks before removing a size carts and wishlists hold; confirmed, those lines stay but cannot be bought', async () => {
    const product = await createProduct(t.db, { sizes: ['S', 'M', 'L'] });
    const [onyx, bone] = product.colors;
    const buyer = await createUser(t.db);
    const other = await createUser(t.db);
    const dreamer = await createUser(t.db);
    await t.db.insert(cartItems).values([
      { userId: buyer.id, productId: product.id, colorId: onyx!.id, size: 'M', quantity: 2 },
      { userId: buyer.id, productId: product.id, colorId: bone!.id, size: 'M', quantity: 1 },
      { userId: buyer.id, productId: product.id, colorId: onyx!.id, size: 'S', quantity: 1 },
      { userId: other.id, productId: product.id, colorId: onyx!.id, size: 'L', quantity: 1 },
    ]);
    await t.db.insert(wishlistItems).values([
      { userId: dreamer.id, productId: product.id, colorId: bone!.id, size: 'M' },
      { userId: other.id, productId: product.id, colorId: onyx!.id, size: 'M' },
    ]);

    const asked = await edit(product, { sizes: JSON.stringify(['S']), enName: 'Renamed' });
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'SIZE_IN_USE',
      sizes: [
        { size: 'M', carts: 1, wishlists: 2 },
        { size: 'L', carts: 1, wishlists: 0 },
      ],
    });
    expect(asked.json().error).toMatch(/no longer available/);
    // Nothing changed: not the sizes, not the name.
    expect(await sizesOf(product.id)).toEqual(['S', 'M', 'L']);
    expect((await t.app.inject(`/api/products/${product.id}`)).json().name).not.toBe('Renamed');
    const refusedFlag = await edit(product, { sizes: JSON.stringify(['S']), confirmSizeRemoval: 'false' });
    expect(refusedFlag.statusCode).toBe(409);

    const confirmed = await edit(product, { sizes: JSON.stringify(['S']), confirmSizeRemoval: 'true' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await sizesOf(product.id)).toEqual(['S']);

    // The buyer's lines of M stay, shown as not available; the S line is as it was.
    const cart = (await get(buyer, '/api/cart')).json<{ cartItemId: number; selectedSize: string }[]>();
    expect(cart.map((line) => [line.selectedSize, line])).toEqual([
      ['M', expect.objectContaining({ quantity: 2, available: 0, sizeOffered: false })],
      ['M', expect.objectContaining({ quantity: 1, available: 0, sizeOffered: false })],
      ['S', expect.objectContaining({ available: null })],
    ]);
    expect(cart[2]).not.toHaveProperty('sizeOffered');
    // The checkout refuses them, and no order is made.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(buyer),
      payload: { delivery: TEST_DELIVERY },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      lines: [
        { cartItemId: cart[0]!.cartItemId, available: 0 },
        { cartItemId: cart[1]!.cartItemId, available: 0 },
      ],
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    // Its quantity cannot change, and the size cannot be added again.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/${cart[0]!.cartItemId}`,
      headers: bearer(buyer),
      payload: { quantity: 1 },
    });
    expect(patched.statusCode).toBe(409);
    expect(patched.json()).toMatchObject({ code: 'OUT_OF_STOCK', error: 'This size is no longer available.' });
    const readded = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(dreamer),
      payload: { productId: product.id, selectedColor: bone!.id, selectedSize: 'M', quantity: 1 },
    });
    expect(readded.statusCode).toBe(400);
    expect(readded.json().fields).toHaveProperty('selectedSize');

    // The wishlist keeps the item, saying the size is gone.
    const wishlist = (await get(dreamer, '/api/wishlist')).json();
    expect(wishlist).toEqual([expect.objectContaining({ selectedSize: 'M', sizeOffered: false })]);

    // Removing the M lines lets the buyer check out the rest.
    for (const line of cart.slice(0, 2)) {
      await t.app.inject({ method: 'DELETE', url: `/api/cart/${line.cartItemId}`, headers: bearer(buyer) });
    }
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(buyer),
      payload: { delivery: TEST_DELIVERY },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    expect((await lastAudit(`product:${product.id}`))?.detail).toMatchObject({
      removedSizes: ['M', 'L'],
      sizesInUse: [
        { size: 'M', carts: 1, wishlists: 2 },
        { size: 'L', carts: 1, wishlists: 0 },
      ],
    });

    // Added back, the size is buyable again in the same lines.
    expect((await edit(product, { sizes: JSON.stringify(['S', 'M']) })).statusCode).toBe(200);
    const back = (await get(other, '/api/wishlist')).json();
    expect(back[0]).not.toHaveProperty('sizeOffered');
  });

  it('never removes a size a pending checkout holds stock of', async () => {
    const product = await createProduct(t.db, { sizes: ['S', 'M'], stock: 4 });
    const buyer = await createUser(t.db);
    await t.db
      .insert(cartItems)
      .values({ userId: buyer.id, productId: product.id, colorId: product.colors[0]!.id, size: 'M', quantity: 1 });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(buyer),
      payload: { delivery: TEST_DELIVERY },
    });
    expect(opened.statusCode, opened.body).toBe(201);

    const response = await edit(product, { sizes: JSON.stringify(['S']), confirmSizeRemoval: 'true' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SIZE_RESERVED' });
    expect(response.json().error).toMatch(/checkout in progress holds size M/);
    expect(await sizesOf(product.id)).toEqual(['S', 'M']);
    const held = await t.db
      .select()
      .from(productStock)
      .where(and(eq(productStock.colorId, product.colors[0]!.id), eq(productStock.size, 'M')));
    expect(held[0]).toMatchObject({ onHand: 4, reserved: 1 });
  });

  it('validates sizes like the create form', async () => {
    const product = await createProduct(t.db, { sizes: ['S', 'M'] });
    const cases: [Record<string, string>, string, string][] = [
      [{ sizes: '[]' }, 'sizes', 'At least one size is required'],
      [{ sizes: '["M","XXXL"]' }, 'sizes.1', 'Sizes are XS, S, M, L, XL, XXL'],
      [{ sizes: '"M"' }, 'sizes', 'At least one size is required'],
      [{ sizes: 'M, L' }, 'sizes', 'Sizes must be JSON of sizes, e.g. ["S","M"]'],
      [{ sizes: '["M"]', confirmSizeRemoval: 'yes' }, 'confirmSizeRemoval', 'confirmSizeRemoval must be true or false'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await edit(product, fields);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fields[field], JSON.stringify(fields)).toBe(message);
    }
    expect(await t.db.select().from(productSizes).where(eq(productSizes.productId, product.id))).toHaveLength(2);
  });
});

describe('PUT /api/products/:id/add-color', () => {
  it('adds a colour by JSON name (trimmed), at the end of the list', async () => {
    const product = await createProduct(t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/add-color`,
      headers: bearer(admin),
      payload: { colorName: '  Sage  ' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      color: { id: expect.any(Number), colorName: 'Sage', colorNameBg: '', imageUrl: '', hoverImage: '', images: [] },
    });
    expect((await colorsOf(product.id)).map((c) => c.colorName)).toEqual(['Onyx', 'Bone', 'Sage']);
    expect(await lastAudit(`product:${product.id}`)).toMatchObject({ action: 'product.add_color', actorId: admin.id });
  });

  it('adds a colour with its two images from the modal’s form, visible in the shop at once', async () => {
    const product = await createProduct(t.db);
    await t.app.inject(`/api/products/${product.id}`);
    const response = await send(
      'PUT',
      `/api/products/${product.id}/add-color`,
      { colorName: 'Rust' },
      {
        colorImage: await testImage('#b7410e'),
        colorHoverImage: await testImage('#8a2f0a', { format: 'jpeg' }),
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { color } = response.json();
    expect(color.imageUrl).toMatch(/^\/files\//);
    expect(color.hoverImage).toMatch(/^\/files\//);
    const shown = (await t.app.inject(`/api/products/${product.id}`)).json();
    expect(shown.colors.at(-1)).toEqual(color);
  });

  it('refuses a blank name, a form without both images, and an unknown product', async () => {
    const product = await createProduct(t.db);
    const blank = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/add-color`,
      headers: bearer(admin),
      payload: { colorName: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ colorName: 'Color name is required' });

    const noHover = await send(
      'PUT',
      `/api/products/${product.id}/add-color`,
      { colorName: 'Rust' },
      {
        colorImage: await testImage('#b7410e'),
      },
    );
    expect(noHover.statusCode).toBe(400);
    expect(noHover.json().fields).toEqual({ colorHoverImage: 'Hover image is required' });

    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/products/999999/add-color',
      headers: bearer(admin),
      payload: { colorName: 'Sage' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await colorsOf(product.id)).toHaveLength(2);
  });
});

describe('DELETE /api/products/:id', () => {
  it('soft-deletes: gone from the shop, carts and wishlists at once; orders keep their snapshot', async () => {
    const product = await createProduct(t.db, { name: 'Doomed Jacket' });
    const color = product.colors[0]!;
    await t.db
      .insert(cartItems)
      .values({ userId: shopper.id, productId: product.id, colorId: color.id, size: 'M', quantity: 3 });
    await t.db
      .insert(wishlistItems)
      .values({ userId: shopper.id, productId: product.id, colorId: color.id, size: 'L' });
    const [order] = await t.db
      .insert(orders)
      .values({ userId: shopper.id, status: 'paid', currency: 'USD', totalCents: 4999, paymentProvider: 'local' })
      .returning();
    const snapshot = {
      orderId: order!.id,
      productId: product.id,
      colorId: color.id,
      name: 'Doomed Jacket',
      colorName: color.colorName,
      size: 'M',
      unitPriceCents: 4999,
      quantity: 1,
      imageUrl: color.imageUrl,
    };
    await t.db.insert(orderItems).values(snapshot);
    expect(await publicIds()).toContain(product.id);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect(await publicIds()).not.toContain(product.id);
    expect((await t.app.inject(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/products/${product.id}`, headers: bearer(admin) })).statusCode).toBe(404);
    const adminList = (await t.app.inject({ url: '/api/admin/products', headers: bearer(admin) })).json<
      { id: number }[]
    >();
    expect(adminList.map((p) => p.id)).not.toContain(product.id);

    expect((await productRow(product.id))?.deletedAt).toBeInstanceOf(Date);
    expect(await colorsOf(product.id)).toHaveLength(2);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, product.id))).toEqual([]);
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.productId, product.id))).toEqual([]);
    const [kept] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(kept).toMatchObject(snapshot);
    expect(await lastAudit(`product:${product.id}`)).toMatchObject({ action: 'product.delete', actorId: admin.id });
  });

  it('answers 404 to the second of two deletes and to an unknown product', { tags: ['engine'] }, async () => {
    const product = await createProduct(t.db);
    const [first, second] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: bearer(admin) }),
      t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: bearer(admin) }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `product:${product.id}`), eq(auditLog.action, 'product.delete')));
    expect(audits).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/products/999999', headers: bearer(admin) })).statusCode,
    ).toBe(404);
  });
});

describe('colour names in Bulgarian', () => {
  /** The colours' names as the admin's product list answers them (drafts included). */
  const names = async (id: number) => {
    const list = (await t.app.inject({ url: '/api/admin/products', headers: bearer(admin) })).json<
      { id: number; colors: { colorName: string; colorNameBg: string }[] }[]
    >();
    return list.find((product) => product.id === id)?.colors.map((color) => [color.colorName, color.colorNameBg]);
  };

  it('are created with the product (trimmed), and a colour without one answers ""', async () => {
    const id = await createDraft({ colors: [{ colorName: 'Onyx', colorNameBg: '  Оникс ' }, { colorName: 'Bone' }] });
    expect(await names(id)).toEqual([
      ['Onyx', 'Оникс'],
      ['Bone', ''],
    ]);
    await publish(id);
    const shown = (await t.app.inject(`/api/products/${id}?lang=bg`)).json<{ colors: unknown[] }>();
    expect(shown.colors[0]).toMatchObject({ colorName: 'Onyx', colorNameBg: 'Оникс' });
  });

  it('are refused over 60 characters, beside the colour they belong to', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin),
      payload: validBody({ colors: [{ colorName: 'Onyx', colorNameBg: 'я'.repeat(61) }] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      'colors.0.colorNameBg': 'Color names have at most 60 characters',
    });
  });

  it('come with an added colour, by JSON or with its images, and default to ""', async () => {
    const product = await createProduct(t.db);
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/add-color`,
      headers: bearer(admin),
      payload: { colorName: 'Cobalt', colorNameBg: ' Кобалтово синьо ' },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().color).toMatchObject({ colorName: 'Cobalt', colorNameBg: 'Кобалтово синьо' });

    const withImages = await send(
      'PUT',
      `/api/products/${product.id}/add-color`,
      { colorName: 'Rust', colorNameBg: 'Ръжда' },
      { colorImage: await testImage('#b7410e'), colorHoverImage: await testImage('#8a2f0a') },
    );
    expect(withImages.statusCode, withImages.body).toBe(200);
    expect(withImages.json().color).toMatchObject({ colorName: 'Rust', colorNameBg: 'Ръжда' });

    const tooLong = await send(
      'PUT',
      `/api/products/${product.id}/add-color`,
      { colorName: 'Sage', colorNameBg: 'я'.repeat(61) },
      { colorImage: await testImage('#9caf88'), colorHoverImage: await testImage('#7d8f6a') },
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ colorNameBg: 'Color names have at most 60 characters' });

    expect(await names(product.id)).toEqual([
      ['Onyx', ''],
      ['Bone', ''],
      ['Cobalt', 'Кобалтово синьо'],
      ['Rust', 'Ръжда'],
    ]);
  });

  it('are renamed and cleared by the edit form; a form that leaves them out keeps them', async () => {
    const product = await createProduct(t.db, { colorsBg: ['Оникс', 'Екрю'] });
    const [onyx, bone] = product.colors;
    const fields = (colors: { id: number; colorName: string; colorNameBg?: string }[]) => ({
      enName: 'Shadow Hoodie II',
      enDescription: 'Heavier cotton.',
      bgName: 'Суитшърт Сянка II',
      bgDescription: 'По-плътен памук.',
      price: '99.50',
      categoryId: '3',
      colors: JSON.stringify(colors),
    });
    const edit = async (colors: { id: number; colorName: string; colorNameBg?: string }[]) => {
      const response = await send('PUT', `/api/products/${product.id}`, fields(colors));
      expect(response.statusCode, response.body).toBe(200);
    };

    await edit([
      { id: onyx!.id, colorName: 'Onyx', colorNameBg: 'Черен оникс' },
      { id: bone!.id, colorName: 'Bone', colorNameBg: '' },
    ]);
    expect(await names(product.id)).toEqual([
      ['Onyx', 'Черен оникс'],
      ['Bone', ''],
    ]);

    await edit([
      { id: onyx!.id, colorName: 'Onyx Black' },
      { id: bone!.id, colorName: 'Bone' },
    ]);
    expect(await names(product.id)).toEqual([
      ['Onyx Black', 'Черен оникс'],
      ['Bone', ''],
    ]);
  });
});

describe('GET /api/admin/products', () => {
  it('lists published and unpublished products, not deleted ones, in the request language', async () => {
    const draft = await createProduct(t.db, { published: false, bgName: 'Чернова' });
    const live = await createProduct(t.db);
    const response = await t.app.inject({ url: '/api/admin/products?lang=bg', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ id: number; name: string; published: boolean }[]>();
    expect(list.find((p) => p.id === draft.id)).toMatchObject({ name: 'Чернова', published: false });
    expect(list.find((p) => p.id === live.id)).toMatchObject({ published: true });
  });
});
