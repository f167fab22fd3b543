import { eq } from 'drizzle-orm';
import { PasswordSchema } from '@shop/contract';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { hashPassword } from '../platform/security/passwords.js';
import { isCommonPassword, TOO_COMMON_MESSAGE } from '../platform/security/password-policy.js';

/** What the shop's own forms would say of a new password (length, the common-password list), or null. */
export function passwordProblem(password: string): string | null {
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'This password is not allowed.';
  if (isCommonPassword(password)) return TOO_COMMON_MESSAGE;
  return null;
}

export interface PasswordSet {
  userId: number;
  role: string;
  /** Sessions ended: every device the account was signed in on must sign in again. */
  sessionsEnded: number;
}

/**
 * Sets an account's password (an operator's reset, `npm run admin:password`), as a completed
 * password reset does: the new argon2id hash, and every session of the account ended. Null when
 * no account has that email. The password must have passed `passwordProblem`.
 */
export async function setPassword(db: Db, email: string, password: string): Promise<PasswordSet | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ id: users.id, role: users.role });
    if (!user) return null;
    const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
    return { userId: user.id, role: user.role, sessionsEnded: ended.length };
  });
}
