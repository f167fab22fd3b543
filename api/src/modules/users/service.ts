import type { AdminUser, Role } from '@shop/contract';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerEntries, users } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';

/** A small shop's user list fits one page; the bound keeps a runaway table from one huge answer. */
const USER_LIST_LIMIT = 5000;

const rootProtected = () => new AppError('ROOT_PROTECTED', 'The root admin cannot be changed or deleted.');

/** Who is asking: their id (for the audit) and role. */
export interface Actor {
  id: number;
  role: Role;
}

/**
 * Only the root admin manages admins (makes, unmakes or deletes one); an admin manages shoppers.
 * Nobody changes or deletes the root admin.
 */
function assertManages(actor: Actor, target: Role, newRole?: Role): void {
  if (target === 'ROOT_ADMIN') throw rootProtected();
  if (actor.role !== 'ROOT_ADMIN' && (target !== 'USER' || newRole === 'ADMIN'))
    throw new AppError('ROOT_ADMIN_ONLY', 'Only the root admin can add, change or remove admins.');
}

/** Every user, the root admin first, then by id, with their store credit (the ledger's sum for the account). */
export async function listUsers(db: Db): Promise<AdminUser[]> {
  const credit = db
    .select({ userId: ledgerEntries.userId, cents: sql<number>`sum(${ledgerEntries.cents})::int`.as('cents') })
    .from(ledgerEntries)
    .where(isNotNull(ledgerEntries.userId))
    .groupBy(ledgerEntries.userId)
    .as('credit');
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      storeCredit: sql<number>`coalesce(${credit.cents}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(credit, eq(credit.userId, users.id))
    .orderBy(sql`${users.role} = 'ROOT_ADMIN' desc`, asc(users.id))
    .limit(USER_LIST_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * USER or ADMIN for anyone but the root admin (an admin's role, or a new admin, by the root admin
 * only). The new role applies from the user's very next request: the users trigger tells every
 * process's session cache.
 */
export async function setRole(
  db: Db,
  actor: Actor,
  userId: number,
  newRole: 'USER' | 'ADMIN',
): Promise<{ from: string; to: string }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('User not found');
    assertManages(actor, user.role, newRole);
    if (user.role !== newRole) {
      await tx.update(users).set({ role: newRole, updatedAt: new Date() }).where(eq(users.id, userId));
      await audit(tx, {
        actorId: actor.id,
        action: 'user.role',
        target: `user:${userId}`,
        detail: { from: user.role, to: newRole },
      });
    }
    return { from: user.role, to: newRole };
  });
}

/**
 * Deletes an account for good (a shopper's, or by the root admin an admin's): its sessions,
 * codes, cart and wishlist go with it (foreign key cascades); its orders stay for the books, no
 * longer linked to a user.
 */
export async function deleteUser(db: Db, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.id) throw new AppError('FORBIDDEN', 'You cannot delete your own account here.');
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ role: users.role, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw notFound('User not found');
    assertManages(actor, user.role);
    await tx.delete(users).where(eq(users.id, userId));
    await audit(tx, {
      actorId: actor.id,
      action: 'user.delete',
      target: `user:${userId}`,
      detail: { email: user.email, role: user.role },
    });
  });
}
