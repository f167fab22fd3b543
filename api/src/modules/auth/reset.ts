import { and, eq, isNull, sql } from 'drizzle-orm';
import { emailCodes, passwordResets, sessions, users } from '../../db/schema.js';
import { AppError, DependencyError } from '../../lib/errors.js';
import { webLinks } from '../../lib/links.js';
import { passwordChangedMail, resetLinkMail } from '../../platform/mail/templates/account.js';
import { clientKey } from '../../platform/security/client-key.js';
import { assertPasswordAllowed } from '../../platform/security/password-policy.js';
import { hashPassword } from '../../platform/security/passwords.js';
import { generateToken, hashToken } from '../../platform/security/tokens.js';
import { LIMITS, MESSAGES, MINUTE, enforce, findUserByEmail, mayMail, type AuthDeps } from './service.js';

/* Password reset: a link by mail, then a new password that ends every session. */

export const RESET_TTL_MINUTES = 30;

export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string): Promise<void> {
  const { db, log, config } = deps;
  await enforce(deps.limiter, `reset:ip:${clientKey(ip)}`, LIMITS.resetRequestsPerIp, MESSAGES.tooManyRequests);
  // Counted for every address, known or not, so the answer never tells which exist.
  await enforce(
    deps.limiter,
    `reset:${email}:${clientKey(ip)}`,
    LIMITS.resetRequestsPerAddressAndClient,
    MESSAGES.tooManyResets,
  );
  const user = await findUserByEmail(db, email);
  if (!user) {
    log.info({ event: 'reset.requested', known: false, email, ip }, 'password reset asked for an unknown email');
    return;
  }
  if (!(await mayMail(deps.limiter, 'reset', email))) {
    // Links stay valid for 30 minutes, so the mailbox holds one that still works.
    log.warn({ event: 'reset.mail_held', userId: user.id, ip }, 'too many reset mails for this address: none sent');
    return;
  }
  const token = generateToken(32);
  await db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * MINUTE),
  });
  const url = webLinks(config.publicUrl).resetPassword(token);
  try {
    await deps.mailer.send({
      to: user.email,
      ...resetLinkMail(user.locale, user.name, url, RESET_TTL_MINUTES),
      devNote: `password reset link for ${user.email}: ${url}`,
    });
  } catch (error) {
    log.error({ err: error, event: 'reset.mail_failed', userId: user.id }, 'reset: could not send the link');
    throw new DependencyError('mail', MESSAGES.mailFailed);
  }
  log.info({ event: 'reset.requested', known: true, userId: user.id, ip }, 'password reset link sent');
}

/** Sets the password of a reset link's user and ends all their sessions. */
export async function updatePassword(
  deps: AuthDeps,
  resetToken: string,
  newPassword: string,
  ip: string,
): Promise<void> {
  const { db, log, config } = deps;
  await enforce(
    deps.limiter,
    `password-update:ip:${clientKey(ip)}`,
    LIMITS.passwordUpdatesPerIp,
    MESSAGES.tooManyRequests,
  );
  // The policy is checked first: a refused password must not burn the link.
  assertPasswordAllowed(newPassword, 'newPassword');
  const tokenHash = hashToken(resetToken);
  const [reset] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
  if (!reset || reset.usedAt) throw new AppError('INVALID_TOKEN', MESSAGES.invalidResetLink);
  if (reset.expiresAt.getTime() <= Date.now()) throw new AppError('INVALID_TOKEN', MESSAGES.expiredResetLink);

  const passwordHash = await hashPassword(newPassword);
  const user = await db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!claimed) return undefined;
    // The mailed link proves the mailbox, so it also verifies an address that never entered its code.
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, reset.userId))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await tx.delete(emailCodes).where(eq(emailCodes.userId, reset.userId));
    return updated;
  });
  if (!user) throw new AppError('INVALID_TOKEN', MESSAGES.invalidResetLink);
  log.info({ event: 'reset.completed', userId: user.id, ip }, 'password changed by reset link; all sessions ended');

  try {
    await deps.mailer.send({
      to: user.email,
      ...passwordChangedMail(user.locale, user.name, webLinks(config.publicUrl).login()),
    });
  } catch (error) {
    // The password has changed either way; the notice is a courtesy that must not undo it.
    log.error(
      { err: error, event: 'reset.notice_failed', userId: user.id },
      'could not send the password-changed notice',
    );
  }
}
