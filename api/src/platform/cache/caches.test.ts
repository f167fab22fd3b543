// @module-tag engine: the change feed (in-process on PGlite, LISTEN/NOTIFY on PostgreSQL).
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartItems, passwordResets, productColors, sessions, users } from '../../db/schema.js';
import { multipart } from '../../test/uploads.js';
import { checkout } from '../../modules/payments/test-support.js';
import { buildApp } from '../../app.js';
import { heard } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { generateToken, hashToken } from '../security/tokens.js';

const t = useTestApp();
/** The root admin: the one who makes and unmakes admins. */
let root: CreatedUser;
beforeAll(async () => {
  root = await createUser(t.db, { role: 'ROOT_ADMIN' });
});
afterEach(() => vi.restoreAllMocks());

const get = (user: { token: string }, url: string, etag?: string) =>
  t.app.inject({ url, headers: { ...bearer(user), ...(etag ? { 'if-none-match': etag } : {}) } });

/** Reads `url` until it is cached (a second read with the ETag answers 304); returns the ETag. */
async function cachedEtag(user: CreatedUser, url: string): Promise<string> {
  const first = await get(user, url);
  expect(first.statusCode, first.body).toBe(200);
  const etag = String(first.headers.etag);
  expect((await get(user, url, etag)).statusCode).toBe(304);
  return etag;
}

/** Reads `url` with a stale ETag: the answer must be a fresh 200. */
async function fresh(user: CreatedUser, url: string, etag: string) {
  const response = await get(user, url, etag);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const send = (user: CreatedUser, method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

const line = (product: CreatedProduct, quantity = 1) => ({
  productId: product.id,
  selectedColor: product.colors[0]!.id,
  selectedSize: product.sizes[0]!,
  quantity,
});

/**
 * Every cache follows the change feed alone: no handler calls a cache. These tests check that a
 * shopper sees each write on the very next request, and so does anyone after a write made with
 * SQL behind the app's back.
 */

describe('cached per-shopper answers', () => {
  it('answers a repeated poll of cart, wishlist and profile with 304 and no query at all', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    expect((await send(user, 'POST', '/api/cart', line(product))).statusCode).toBe(201);
    expect((await send(user, 'POST', '/api/wishlist', line(product))).statusCode).toBe(201);
    // On PostgreSQL the writes' notifications may still be on their way; one heard late would
    // empty the caches filled below.
    await heard(t.app);
    const paths = ['/api/cart', '/api/wishlist', '/api/profile', '/api/cart?lang=bg'];
    const etags = await Promise.all(paths.map((path) => cachedEtag(user, path)));

    const execute = vi.spyOn(t.db, 'execute');
    const select = vi.spyOn(t.db, 'select');
    for (const [index, path] of paths.entries()) {
      const poll = await get(user, path, etags[index]);
      expect(poll.statusCode).toBe(304);
      expect(poll.headers.etag).toBe(etags[index]);
      const full = await get(user, path);
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(execute).not.toHaveBeenCalled();
    expect(select).not.toHaveBeenCalled();
  });

  it("never serves one shopper's cached answer to another", async () => {
    const [ana, ben] = [await createUser(t.db, { name: 'Ana' }), await createUser(t.db, { name: 'Ben' })];
    const product = await createProduct(t.db);
    await send(ana, 'POST', '/api/cart', line(product, 3));
    await cachedEtag(ana, '/api/cart');
    await cachedEtag(ana, '/api/profile');
    expect((await get(ben, '/api/cart')).json()).toEqual([]);
    expect((await get(ben, '/api/profile')).json()).toMatchObject({ id: ben.id, name: 'Ben' });
  });

  it('sees every cart and wishlist write of the shopper on the next read', async () => {
    const user = await createUser(t.db);
    const [hoodie, coat] = [await createProduct(t.db), await createProduct(t.db)];

    let etag = await cachedEtag(user, '/api/cart');
    const added = await send(user, 'POST', '/api/cart', line(hoodie, 2));
    expect(added.statusCode).toBe(201);
    expect(await fresh(user, '/api/cart', etag)).toMatchObject([{ productId: hoodie.id, quantity: 2 }]);

    etag = await cachedEtag(user, '/api/cart');
    const cartItemId = added.json().cartItemId as number;
    expect((await send(user, 'PATCH', `/api/cart/${cartItemId}`, { quantity: 5 })).statusCode).toBe(200);
    expect(await fresh(user, '/api/cart', etag)).toMatchObject([{ cartItemId, quantity: 5 }]);

    etag = await cachedEtag(user, '/api/cart');
    expect((await send(user, 'DELETE', `/api/cart/${cartItemId}`)).statusCode).toBe(204);
    expect(await fresh(user, '/api/cart', etag)).toEqual([]);

    etag = await cachedEtag(user, '/api/wishlist');
    const wished = await send(user, 'POST', '/api/wishlist', line(coat));
    expect(wished.statusCode).toBe(201);
    expect(await fresh(user, '/api/wishlist', etag)).toMatchObject([{ productId: coat.id }]);

    // Moving an item from the wishlist to the cart, as the web app does: add, then remove.
    const [cartEtag, wishlistEtag] = [await cachedEtag(user, '/api/cart'), await cachedEtag(user, '/api/wishlist')];
    expect((await send(user, 'POST', '/api/cart', line(coat))).statusCode).toBe(201);
    expect((await send(user, 'DELETE', `/api/wishlist/${wished.json().id as number}`)).statusCode).toBe(204);
    expect(await fresh(user, '/api/cart', cartEtag)).toMatchObject([{ productId: coat.id, quantity: 1 }]);
    expect(await fresh(user, '/api/wishlist', wishlistEtag)).toEqual([]);
  });

  it('takes the bought lines off the cached cart once the payment is in', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    await send(user, 'POST', '/api/cart', line(product, 2));
    const session = await checkout(t.app, user);
    const etag = await cachedEtag(user, '/api/cart');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/${session.sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Ada Lovelace',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect(await fresh(user, '/api/cart', etag)).toEqual([]);
  });

  it("shows an admin's price change and product deletion in cached carts and wishlists", async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 5000 });
    await send(user, 'POST', '/api/cart', line(product));
    await send(user, 'POST', '/api/wishlist', line(product));
    let [cartEtag, wishlistEtag] = [await cachedEtag(user, '/api/cart'), await cachedEtag(user, '/api/wishlist')];

    const form = await multipart({
      enName: 'Repriced Hoodie',
      enDescription: 'Now dearer.',
      bgName: 'Суитшърт',
      bgDescription: 'Описание.',
      price: '64.5',
      categoryId: '1',
      colors: JSON.stringify(product.colors.map(({ id, colorName }) => ({ id, colorName }))),
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await fresh(user, '/api/cart', cartEtag)).toMatchObject([{ name: 'Repriced Hoodie', price: 64.5 }]);
    expect(await fresh(user, '/api/wishlist', wishlistEtag)).toMatchObject([{ product: { price: 64.5 } }]);

    [cartEtag, wishlistEtag] = [await cachedEtag(user, '/api/cart'), await cachedEtag(user, '/api/wishlist')];
    expect((await send(admin, 'DELETE', `/api/products/${product.id}`)).statusCode).toBe(200);
    expect(await fresh(user, '/api/cart', cartEtag)).toEqual([]);
    expect(await fresh(user, '/api/wishlist', wishlistEtag)).toEqual([]);
  });

  it('shows profile edits and a role change in the cached profile', async () => {
    const user = await createUser(t.db, { name: 'Before' });
    let etag = await cachedEtag(user, '/api/profile');
    const saved = await send(user, 'PUT', '/api/profile', { name: 'After', address: 'Plovdiv', phone: '' });
    expect(saved.statusCode).toBe(200);
    expect(await fresh(user, '/api/profile', etag)).toMatchObject({ name: 'After', address: 'Plovdiv' });

    etag = await cachedEtag(user, '/api/profile');
    const promoted = await send(root, 'PUT', '/api/admin/users/role', { userId: user.id, newRole: 'ADMIN' });
    expect(promoted.statusCode).toBe(200);
    expect(await fresh(user, '/api/profile', etag)).toMatchObject({ role: 'ADMIN' });
  });
});

describe('a restarted process', () => {
  it('starts with the sessions in use in memory, and never one that has ended', async () => {
    const [ana, ben] = [await createUser(t.db), await createUser(t.db)];
    await t.db.delete(sessions).where(eq(sessions.userId, ben.id));
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false, serveWebApp: false });
    try {
      await restarted.ready();
      expect(restarted.caches.sessions.peek(hashToken(ana.token))?.id).toBe(ana.id);
      expect(restarted.caches.sessions.peek(hashToken(ben.token))).toBeUndefined();
    } finally {
      await restarted.close();
    }
  });
});

describe('cached sessions end on the very next request', () => {
  it('after logout', async () => {
    const user = await createUser(t.db);
    await cachedEtag(user, '/api/cart');
    expect((await send(user, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await get(user, '/api/cart')).statusCode).toBe(401);
    expect((await get(user, '/api/profile')).statusCode).toBe(401);
  });

  it('after a password update by reset link, for every session of the user', async () => {
    const user = await createUser(t.db);
    const otherToken = generateToken();
    await t.db.insert(sessions).values({
      userId: user.id,
      tokenHash: hashToken(otherToken),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const other = { ...user, token: otherToken };
    await cachedEtag(user, '/api/profile');
    await cachedEtag(other, '/api/profile');

    const resetToken = generateToken();
    await t.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(resetToken),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-password',
      payload: { resetToken, newPassword: 'a brand new passphrase' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await get(user, '/api/profile')).statusCode).toBe(401);
    expect((await get(other, '/api/profile')).statusCode).toBe(401);
  });

  it('after a role change, in both directions', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const shopper = await createUser(t.db);
    expect((await get(admin, '/api/admin/users')).statusCode).toBe(200);
    expect((await get(shopper, '/api/admin/users')).statusCode).toBe(403);

    await send(root, 'PUT', '/api/admin/users/role', { userId: admin.id, newRole: 'USER' });
    expect((await get(admin, '/api/admin/users')).statusCode).toBe(403);
    await send(root, 'PUT', '/api/admin/users/role', { userId: shopper.id, newRole: 'ADMIN' });
    expect((await get(shopper, '/api/admin/users')).statusCode).toBe(200);
  });

  it("after the user's deletion", async () => {
    const user = await createUser(t.db);
    await cachedEtag(user, '/api/cart');
    expect((await send(root, 'DELETE', `/api/admin/users/${user.id}`)).statusCode).toBe(200);
    expect((await get(user, '/api/cart')).statusCode).toBe(401);
  });
});

describe('changes made by any writer reach the caches through the database (triggers)', () => {
  /** A signed-in request waits for the change feed's fence: the next one sees the change. */
  const eventually = (check: () => Promise<void>) => check();

  it('a session deleted with SQL', async () => {
    const user = await createUser(t.db);
    await cachedEtag(user, '/api/profile');
    await t.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(user.token)));
    await eventually(async () => expect((await get(user, '/api/profile')).statusCode).toBe(401));
  });

  it('a role changed with SQL', async () => {
    const user = await createUser(t.db);
    expect((await get(user, '/api/admin/users')).statusCode).toBe(403);
    await t.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id));
    await eventually(async () => expect((await get(user, '/api/admin/users')).statusCode).toBe(200));
  });

  it('cart lines written with SQL, and lines a foreign key cascade removed', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    const etag = await cachedEtag(user, '/api/cart');
    await t.db.insert(cartItems).values({
      userId: user.id,
      productId: product.id,
      colorId: product.colors[0]!.id,
      size: product.sizes[0]!,
      quantity: 4,
    });
    await eventually(async () => expect(await fresh(user, '/api/cart', etag)).toMatchObject([{ quantity: 4 }]));

    const withLine = await cachedEtag(user, '/api/cart');
    await t.db
      .delete(productColors)
      .where(and(eq(productColors.productId, product.id), eq(productColors.id, product.colors[0]!.id)));
    await eventually(async () => expect(await fresh(user, '/api/cart', withLine)).toEqual([]));
  });
});
