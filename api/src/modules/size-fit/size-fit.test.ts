import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productSizes } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../../test/factories.js';

let t: TestApp;
let admin: CreatedUser;
let shopper: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'ADMIN' });
  shopper = await createUser(t.db);
});
afterAll(() => t.close());

const putDetails = (product: { id: number }, payload: object, user: CreatedUser = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/products/${product.id}/details`, headers: bearer(user), payload });

const FIT = {
  type: 'regular',
  note: { en: 'Sits at the hip.', bg: 'Стига до ханша.' },
  modelHeightCm: 183,
  modelSize: 'M',
  measurements: [
    { size: 'S', chestCm: 102, lengthCm: 66 },
    { size: 'M', chestCm: 108, lengthCm: 68 },
    { size: 'L', chestCm: 114, lengthCm: 70 },
  ],
};

describe('PUT /api/admin/products/{id}/details', () => {
  it('sets the style code and fit: the shop answers them with a SKU per colour × size, derived', async () => {
    const product = await createProduct(t.db, { colors: ['Onyx', 'Slate Blue'], sizes: ['S', 'M', 'L'] });
    const response = await putDetails(product, { styleCode: 'an-jkt-014', fit: FIT });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: product.id, styleCode: 'AN-JKT-014', fit: FIT });

    const seen = await t.app.inject({ url: `/api/products/${product.id}` });
    expect(seen.statusCode).toBe(200);
    const [onyx, blue] = product.colors;
    expect(seen.json()).toMatchObject({ styleCode: 'AN-JKT-014', fit: FIT });
    expect(seen.json().variants).toEqual([
      { colorId: onyx!.id, size: 'S', sku: 'AN-JKT-014-ONYX-S' },
      { colorId: onyx!.id, size: 'M', sku: 'AN-JKT-014-ONYX-M' },
      { colorId: onyx!.id, size: 'L', sku: 'AN-JKT-014-ONYX-L' },
      { colorId: blue!.id, size: 'S', sku: 'AN-JKT-014-SLATEBLUE-S' },
      { colorId: blue!.id, size: 'M', sku: 'AN-JKT-014-SLATEBLUE-M' },
      { colorId: blue!.id, size: 'L', sku: 'AN-JKT-014-SLATEBLUE-L' },
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `product:${product.id}`));
    expect(entry).toMatchObject({ action: 'product.details', actorId: admin.id });
  });

  it('keeps a field left out, clears the style code with null, and replaces the SKUs set by hand', async () => {
    const product = await createProduct(t.db, { colors: ['Onyx'], sizes: ['S', 'M', 'L'] });
    const colorId = product.colors[0]!.id;
    await putDetails(product, { styleCode: 'AN-KEEP-1', fit: FIT });
    let answer = (await putDetails(product, { variants: [{ colorId, size: 'M', sku: 'special-m' }] })).json();
    expect(answer).toMatchObject({ styleCode: 'AN-KEEP-1', fit: FIT });
    expect(answer.variants).toEqual([
      { colorId, size: 'S', sku: 'AN-KEEP-1-ONYX-S' },
      { colorId, size: 'M', sku: 'SPECIAL-M' },
      { colorId, size: 'L', sku: 'AN-KEEP-1-ONYX-L' },
    ]);
    answer = (await putDetails(product, { styleCode: null, fit: null })).json();
    expect(answer).toMatchObject({ styleCode: null, fit: null, variants: [{ colorId, size: 'M', sku: 'SPECIAL-M' }] });
    answer = (await putDetails(product, { variants: [] })).json();
    expect(answer.variants).toEqual([]);
  });

  it('refuses a taken style code or SKU: 409 CONFLICT naming the field', async () => {
    const first = await createProduct(t.db, { colors: ['Onyx'], sizes: ['M'] });
    const second = await createProduct(t.db, { colors: ['Onyx'], sizes: ['M'] });
    expect((await putDetails(first, { styleCode: 'AN-TAKEN-1' })).statusCode).toBe(200);

    const code = await putDetails(second, { styleCode: 'an-taken-1' });
    expect(code.statusCode).toBe(409);
    expect(code.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { styleCode: expect.stringContaining('AN-TAKEN-1') },
    });

    // A SKU set by hand that is another product's derived SKU.
    const colorId = second.colors[0]!.id;
    const sku = await putDetails(second, { variants: [{ colorId, size: 'M', sku: 'AN-TAKEN-1-ONYX-M' }] });
    expect(sku.statusCode).toBe(409);
    expect(sku.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { 'variants.0.sku': expect.stringMatching(/taken/) },
    });

    // A style code whose derived SKU is another product's SKU set by hand.
    await putDetails(second, { variants: [{ colorId, size: 'M', sku: 'AN-OTHER-ONYX-M' }] });
    const derived = await putDetails(first, { styleCode: 'AN-OTHER' });
    expect(derived.statusCode).toBe(409);
    expect(derived.json().fields).toEqual({ styleCode: 'SKU AN-OTHER-ONYX-M is taken by another product.' });

    // Nothing changed by the refusals.
    const seen = (await t.app.inject({ url: `/api/products/${first.id}` })).json();
    expect(seen.styleCode).toBe('AN-TAKEN-1');
  });

  it('answers 409, not a failure, for a SKU an index still holds from a size removed since', async () => {
    const first = await createProduct(t.db, { colors: ['Onyx'], sizes: ['M', 'L'] });
    const second = await createProduct(t.db, { colors: ['Onyx'], sizes: ['M'] });
    const set = await putDetails(first, { variants: [{ colorId: first.colors[0]!.id, size: 'L', sku: 'KEPT-L' }] });
    expect(set.statusCode).toBe(200);
    await t.db.delete(productSizes).where(and(eq(productSizes.productId, first.id), eq(productSizes.size, 'L')));
    const response = await putDetails(second, {
      variants: [{ colorId: second.colors[0]!.id, size: 'M', sku: 'KEPT-L' }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { variants: 'A style code or SKU given is taken.' },
    });
  });

  it('refuses a SKU given twice within the product', async () => {
    const product = await createProduct(t.db, { colors: ['Onyx', 'Bone'], sizes: ['M'] });
    const [onyx, bone] = product.colors;
    const response = await putDetails(product, {
      variants: [
        { colorId: onyx!.id, size: 'M', sku: 'TWICE-1' },
        { colorId: bone!.id, size: 'M', sku: 'TWICE-1' },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toEqual({
      'variants.1.sku': 'SKU TWICE-1 is given to two colours or sizes of this product.',
    });
  });

  it('validates the body with a message per field', async () => {
    const product = await createProduct(t.db, { colors: ['Onyx'], sizes: ['S', 'M'] });
    const bad = await putDetails(product, {
      styleCode: 'AN JKT',
      fit: { type: 'baggy', modelHeightCm: 300, measurements: [{ size: 'M', chestCm: -1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        styleCode: expect.stringMatching(/letters and digits/),
        'fit.type': 'The fit is slim, regular, relaxed, oversized.',
        'fit.modelHeightCm': "The model's height is 120 to 220 cm.",
        'fit.measurements.0.chestCm': 'Give the chest in cm.',
      },
    });

    const notOwn = await putDetails(product, {
      fit: { modelSize: 'XL', measurements: [{ size: 'L', chestCm: 110 }] },
      variants: [{ colorId: 999_999, size: 'M', sku: 'X-1' }],
    });
    expect(notOwn.statusCode).toBe(400);
    expect(notOwn.json().fields).toEqual({
      'fit.measurements.0.size': 'L is not a size of this product.',
      'fit.modelSize': 'XL is not a size of this product.',
      'variants.0.colorId': 'Colour 999999 is not a colour of this product.',
    });
  });

  it('is for admins only, and 404 for a product that is not there', async () => {
    const product = await createProduct(t.db);
    expect((await putDetails(product, { fit: FIT }, shopper)).statusCode).toBe(403);
    expect((await putDetails({ id: 999_999 }, { fit: null })).statusCode).toBe(404);
  });
});
