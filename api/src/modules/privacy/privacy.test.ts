import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, files, orders, userUploads, users, wishlistItems } from '../../db/schema.js';
import { storeImage } from '../../platform/files/images.js';
import { testImage } from '../../test/uploads.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

const t = useTestApp({ smtp: true });

/** A shopper with an order, a cart line, a wishlist entry, a stock alert and a profile picture. */
async function busyShopper(): Promise<{ user: CreatedUser; orderId: number; pictureId: string }> {
  const user = await t.createUser({ name: 'Mila Ivanova' });
  const product = await t.createProduct({ stock: 5 });
  await addCartLine(t.db, user, product);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  await addCartLine(t.db, user, product, { quantity: 1, size: product.sizes[1] });
  await t.db
    .insert(wishlistItems)
    .values({ userId: user.id, productId: product.id, colorId: product.colors[0]!.id, size: 'M' });
  const soldOut = await t.createProduct({ stock: 0 });
  const alert = await t.app.inject({
    method: 'POST',
    url: '/api/stock-alerts',
    headers: bearer(user),
    payload: { productId: soldOut.id, colorId: soldOut.colors[0]!.id, size: soldOut.sizes[0] },
  });
  expect(alert.statusCode, alert.body).toBe(201);
  const picture = await storeImage(
    t.db,
    await testImage(`#${(user.id * 7919).toString(16).padStart(6, '0').slice(-6)}`),
    'avatar',
  );
  await t.db.insert(userUploads).values({ userId: user.id, fileId: picture.id });
  await t.db.update(users).set({ profilePicture: picture.url }).where(eq(users.id, user.id));
  return { user, orderId: placed.json().orderId, pictureId: picture.id };
}

describe('exporting my data', () => {
  it('downloads one JSON file with profile, orders and delivery, cart, wishlist, alerts and session dates, and no secret', async () => {
    const { user, orderId } = await busyShopper();
    const other = await busyShopper();
    const answer = await t.app.inject({ url: '/api/profile/export', headers: bearer(user) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="atelier-noir-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.json();
    expect(data.profile).toMatchObject({ email: user.email, name: 'Mila Ivanova', language: 'en' });
    expect(data.orders).toEqual([
      expect.objectContaining({ id: orderId, delivery: expect.objectContaining({ city: TEST_DELIVERY.city }) }),
    ]);
    expect(data.cart).toHaveLength(1);
    expect(data.wishlist).toHaveLength(1);
    expect(data.stockAlerts).toHaveLength(1);
    expect(data.sessions).toEqual([{ createdAt: expect.any(String), expiresAt: expect.any(String) }]);
    expect(answer.body).not.toMatch(/password|hash|token/i);
    // Nothing of anyone else.
    expect(answer.body).not.toContain(other.user.email);
    // (Its order by its reference: a bare id would match any other number, a wishlist colour's id.)
    const [otherOrder] = await t.db
      .select({ reference: orders.reference })
      .from(orders)
      .where(eq(orders.id, other.orderId));
    expect(answer.body).not.toContain(otherOrder!.reference);
    expect((await t.app.inject('/api/profile/export')).statusCode).toBe(401);
  });
});

describe('deleting my account', () => {
  const remove = (user: CreatedUser, password: unknown) =>
    t.app.inject({ method: 'DELETE', url: '/api/profile', headers: bearer(user), payload: { password } });

  it('asks for the right password, then removes the account and what hangs on it, keeps the order unlinked, and mails', async () => {
    const { user, orderId, pictureId } = await busyShopper();
    const wrong = await remove(user, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: 'The password is not correct.' });
    expect((await remove(user, '')).json().fields).toEqual({ password: 'Enter your password.' });

    expect((await remove(user, user.password)).statusCode).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.id, pictureId))).toEqual([]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: null, email: user.email });
    // The session ended with the account.
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(user) })).statusCode).toBe(401);
    // The order's own confirmation may come too (an effect, after its commit): this is the notice.
    const mail = await t.smtp.waitFor(user.email, (sent) => /account was deleted/.test(sent.subject));
    expect(mail.subject).toBe('Your Atelier Noir account was deleted');
  });

  it('keeps a picture another account also uses', async () => {
    const first = await busyShopper();
    const second = await t.createUser();
    await t.db.insert(userUploads).values({ userId: second.id, fileId: first.pictureId });
    expect((await remove(first.user, first.user.password)).statusCode).toBe(204);
    expect(await t.db.select().from(files).where(eq(files.id, first.pictureId))).toHaveLength(1);
  });

  it('refuses the root admin (403), and stops guessing after 5 wrong passwords', async () => {
    const [root] = await t.db.select().from(users).where(eq(users.role, 'ROOT_ADMIN'));
    const rootUser = root ? null : await t.createUser({ role: 'ROOT_ADMIN' });
    if (rootUser) {
      const answer = await remove(rootUser, rootUser.password);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('ROOT_PROTECTED');
    }
    const user = await t.createUser();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await remove(user, `wrong ${i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
