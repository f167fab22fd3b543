import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cartItems, orders, sessions, users, wishlistItems } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../../test/factories.js';

let t: TestApp;
let root: CreatedUser;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  // Created after another user on purpose: the list must still put the root admin first.
  admin = await createUser(t.db, { role: 'ADMIN', name: 'Ada Admin' });
  root = await createUser(t.db, { role: 'ROOT_ADMIN', name: 'Root' });
});
afterAll(() => t.close());

const setRole = (actor: CreatedUser, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/users/role', headers: bearer(actor), payload: payload as object });
const deleteUser = (actor: CreatedUser, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: bearer(actor) });
const lastAudit = async (target: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(desc(auditLog.id)).limit(1))[0];

describe('GET /api/admin/users', () => {
  it('lists the root admin first, then everyone by id, without secrets', async () => {
    const later = await createUser(t.db, { name: 'Zed' });
    const response = await t.app.inject({ url: '/api/admin/users', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json<{ success: boolean; data: { id: number; role: string }[] }>();
    expect(success).toBe(true);
    expect(data[0]).toMatchObject({ id: root.id, role: 'ROOT_ADMIN' });
    const rest = data.slice(1).map((user) => user.id);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    expect(rest).toEqual(expect.arrayContaining([admin.id, later.id]));
    expect(Object.keys(data[0]!).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'role', 'storeCredit']);
    expect(response.body).not.toMatch(/password|argon2/i);
  });
});

describe('PUT /api/admin/users/role', () => {
  it('promotes a user, who is an admin from the next request on, and demotes them again', async () => {
    const user = await createUser(t.db);
    expect((await t.app.inject({ url: '/api/admin/users', headers: bearer(user) })).statusCode).toBe(403);

    const promote = await setRole(root, { userId: user.id, newRole: 'ADMIN' });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toEqual({ success: true });
    expect((await t.app.inject({ url: '/api/admin/users', headers: bearer(user) })).statusCode).toBe(200);
    expect(await lastAudit(`user:${user.id}`)).toMatchObject({
      actorId: root.id,
      action: 'user.role',
      detail: { from: 'USER', to: 'ADMIN' },
    });

    expect((await setRole(root, { userId: user.id, newRole: 'USER' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/users', headers: bearer(user) })).statusCode).toBe(403);
    expect(await lastAudit(`user:${user.id}`)).toMatchObject({
      actorId: root.id,
      detail: { from: 'ADMIN', to: 'USER' },
    });
  });

  it('accepts only USER and ADMIN', async () => {
    const user = await createUser(t.db);
    for (const newRole of ['ROOT_ADMIN', 'SUPERUSER', 'admin ', '', null]) {
      const response = await setRole(admin, { userId: user.id, newRole });
      expect(response.statusCode, String(newRole)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { newRole: 'Role must be USER or ADMIN' },
      });
    }
    expect((await setRole(admin, { newRole: 'ADMIN' })).statusCode).toBe(400);
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('USER');
  });

  it('answers 404 for an unknown user and 403 for the root admin, whoever asks', async () => {
    expect((await setRole(admin, { userId: 999_999, newRole: 'ADMIN' })).statusCode).toBe(404);
    for (const actor of [admin, root]) {
      const response = await setRole(actor, { userId: root.id, newRole: 'USER' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'The root admin cannot be changed or deleted.',
        code: 'ROOT_PROTECTED',
      });
    }
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, root.id));
    expect(row?.role).toBe('ROOT_ADMIN');
  });
});

describe('who manages whom', () => {
  it('lets only the root admin make, unmake or delete an admin; an admin manages shoppers', async () => {
    const refusal = {
      error: 'Only the root admin can add, change or remove admins.',
      code: 'ROOT_ADMIN_ONLY',
    };
    const shopper = await createUser(t.db);
    const other = await createUser(t.db, { role: 'ADMIN' });
    for (const response of [
      await setRole(admin, { userId: shopper.id, newRole: 'ADMIN' }),
      await setRole(admin, { userId: other.id, newRole: 'USER' }),
      await deleteUser(admin, other.id),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual(refusal);
    }
    const roles = await t.db.select({ id: users.id, role: users.role }).from(users);
    expect(roles).toEqual(
      expect.arrayContaining([
        { id: shopper.id, role: 'USER' },
        { id: other.id, role: 'ADMIN' },
      ]),
    );
    // The root admin may; an admin deletes a shopper.
    expect((await setRole(root, { userId: shopper.id, newRole: 'ADMIN' })).statusCode).toBe(200);
    expect((await setRole(root, { userId: shopper.id, newRole: 'USER' })).statusCode).toBe(200);
    expect((await deleteUser(root, other.id)).statusCode).toBe(200);
    expect((await deleteUser(admin, shopper.id)).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes the account with its sessions, cart and wishlist; its orders stay, unlinked', async () => {
    const user = await createUser(t.db, { role: 'ADMIN' });
    const product = await createProduct(t.db);
    const colorId = product.colors[0]!.id;
    await t.db.insert(cartItems).values({ userId: user.id, productId: product.id, colorId, size: 'M', quantity: 1 });
    await t.db.insert(wishlistItems).values({ userId: user.id, productId: product.id, colorId, size: 'M' });
    const [order] = await t.db
      .insert(orders)
      .values({ userId: user.id, status: 'paid', currency: 'USD', totalCents: 4999, paymentProvider: 'local' })
      .returning();

    const response = await deleteUser(root, user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    // The deleted admin's token stops working on its very next request.
    expect((await t.app.inject({ url: '/api/admin/users', headers: bearer(user) })).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, user.id))).toEqual([]);
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({ userId: null, status: 'paid', totalCents: 4999 });
    expect(await lastAudit(`user:${user.id}`)).toMatchObject({
      actorId: root.id,
      action: 'user.delete',
      detail: { email: user.email, role: 'ADMIN' },
    });
  });

  it('never deletes the root admin or the caller, and answers 404 for an unknown user', async () => {
    for (const actor of [admin, root]) {
      const response = await deleteUser(actor, root.id);
      expect(response.statusCode).toBe(403);
    }
    const self = await deleteUser(admin, admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ error: 'You cannot delete your own account here.', code: 'FORBIDDEN' });
    expect((await deleteUser(admin, 999_999)).statusCode).toBe(404);
    expect((await deleteUser(admin, 'abc')).statusCode).toBe(400);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, root.id))).toHaveLength(1);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, admin.id))).toHaveLength(1);
  });

  it('keeps the audit trail of an admin who is deleted later', async () => {
    const temporary = await createUser(t.db, { role: 'ADMIN' });
    const victim = await createUser(t.db);
    expect((await deleteUser(temporary, victim.id)).statusCode).toBe(200);
    expect((await deleteUser(root, temporary.id)).statusCode).toBe(200);
    expect(await lastAudit(`user:${victim.id}`)).toMatchObject({ actorId: null, action: 'user.delete' });
  });
});
