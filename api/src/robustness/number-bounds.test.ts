// @module-tag engine: numbers past the database's integers, refused before each driver sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/uploads.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../test/factories.js';

/**
 * Numbers past PostgreSQL's integer (ids, cents), below a cent, or not numbers at all: each is a
 * 400 with a message, never a database error (500) and never silently something else.
 */
let t: TestApp;
let shopper: CreatedUser;
let admin: CreatedUser;
let product: CreatedProduct;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await createUser(t.db);
  admin = await createUser(t.db, { role: 'ADMIN' });
  product = await createProduct(t.db);
});
afterAll(() => t.close());

const TOO_BIG = [2 ** 31, 2 ** 32, 2 ** 53, '2147483648', '9999999999'];

const createBody = (price: unknown, categoryId: unknown = 1) => ({
  enName: 'Bounded Tee',
  enDescription: 'Within range.',
  bgName: 'Тениска',
  bgDescription: 'В обхвата.',
  price,
  categoryId,
  sizes: ['M'],
  colors: [{ colorName: 'Onyx' }],
});

describe('numbers at the edge of the database', () => {
  it.each(TOO_BIG)('a product or colour id of %s in a cart or wishlist add is a 400', async (value) => {
    for (const url of ['/api/cart', '/api/wishlist']) {
      for (const body of [
        { productId: value, selectedColor: product.colors[0]!.id, selectedSize: 'M', quantity: 1 },
        { productId: product.id, selectedColor: value, selectedSize: 'M', quantity: 1 },
      ]) {
        const response = await t.app.inject({ method: 'POST', url, headers: bearer(shopper), payload: body });
        expect(response.statusCode, `${url} ${JSON.stringify(body)} → ${response.body}`).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    }
  });

  it.each(TOO_BIG)('a user id of %s in a role change is a 400', async (value) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/users/role',
      headers: bearer(admin),
      payload: { userId: value, newRole: 'ADMIN' },
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  it.each(TOO_BIG)('an upload for product %s is a 400', async (value) => {
    const form = await multipart({ productId: String(value) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/upload-images',
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toHaveProperty('productId');
  });

  it.each([0.001, 0.004, '0.001', 19.999, true, false, '', 'ten', '1e3', null, [10], 100_000.01])(
    'a price of %j is refused with the form message, not stored as something else',
    async (price) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: bearer(admin),
        payload: createBody(price),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual({ price: 'Valid price is required' });
    },
  );

  it.each(['1e400', '-1e400', '90071992547409.92', '1e21', String(0.1 + 0.2)])(
    'a price written %s in the JSON (not finite, past the safe range, more than two decimals) is a 400 naming it',
    async (price) => {
      const body = JSON.stringify(createBody(0)).replace('"price":0', `"price":${price}`);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { price: 'Valid price is required' } });
    },
  );

  it('takes a price as a number or as its decimal text, in whole cents', async () => {
    for (const price of [0.01, '19.90', 100_000]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: bearer(admin),
        payload: createBody(price),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it.each([true, '1.5', 1.5, 2 ** 31])('a category of %j is refused', async (categoryId) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin),
      payload: createBody(10, categoryId),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual({ categoryId: 'Category is required' });
  });
});
