import type { Language } from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, userUploads, users } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { deleteFilesIfUnused } from '../../platform/files/collect.js';
import { verifyPassword } from '../../platform/security/passwords.js';
import { listCart } from '../cart/service.js';
import { listOrders } from '../orders/service.js';
import { getProfile } from '../profile/service.js';
import { listAlerts } from '../stock/alerts.js';
import { listOwnReviews } from '../reviews/service.js';
import { listWishlist } from '../wishlist/service.js';
import { forgetSubscriber, newsletterExport } from '../newsletter/service.js';

/**
 * Everything the shop keeps about a shopper (GDPR articles 15 and 20), as one JSON document:
 * the profile, orders with their delivery details, cart, wishlist, stock alerts, reviews and the
 * dates of their sessions. Never a secret: no password hash, no token, no code.
 */
export async function exportAccount(db: Db, userId: number, lang: Language) {
  const [profile, account, orders, cart, wishlist, stockAlerts, sessionRows, reviews] = await Promise.all([
    getProfile(db, userId),
    db
      .select({ locale: users.locale, createdAt: users.createdAt, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId)),
    listOrders(db, userId),
    listCart(db, userId, lang),
    listWishlist(db, userId, lang),
    listAlerts(db, userId, lang),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    listOwnReviews(db, userId, lang),
  ]);
  const [since] = account;
  const newsletter = await newsletterExport(db, profile.email);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      ...profile,
      language: since?.locale ?? 'en',
      createdAt: since?.createdAt.toISOString() ?? null,
      emailVerifiedAt: since?.emailVerifiedAt?.toISOString() ?? null,
    },
    orders,
    cart,
    wishlist,
    stockAlerts,
    reviews,
    /** The newsletter: its state and every consent as given and withdrawn (time, source, language, wording). */
    newsletter,
    sessions: sessionRows.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
  };
}

export const PASSWORD_WRONG = 'The password is not correct.';

/**
 * Deletes a shopper's account (GDPR article 17) once their password confirms it: the account,
 * its sessions, cart, wishlist, stock alerts and pictures go; orders stay for the books, no
 * longer linked (the schema sets their user to null). The root admin cannot delete themself.
 * Answers the name, email and language the confirmation goes to.
 */
export async function deleteAccount(
  db: Db,
  userId: number,
  password: string,
): Promise<{ name: string; email: string; locale: Language }> {
  const [user] = await db
    .select({ name: users.name, email: users.email, locale: users.locale, role: users.role, hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('Account not found');
  if (user.role === 'ROOT_ADMIN') {
    throw new AppError('ROOT_PROTECTED', 'The root admin cannot delete their own account.');
  }
  if (!(await verifyPassword(user.hash, password))) {
    throw new AppError('VALIDATION_ERROR', PASSWORD_WRONG, { password: PASSWORD_WRONG });
  }
  await db.transaction(async (tx) => {
    const owned = await tx.select({ id: userUploads.fileId }).from(userUploads).where(eq(userUploads.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    // The address's consents go with it (YEAR.md section 4): nothing is mailed to it again.
    await forgetSubscriber(tx, user.email);
    await deleteFilesIfUnused(
      tx,
      owned.map((file) => file.id),
    );
  });
  return { name: user.name, email: user.email, locale: user.locale };
}
