import type { UserSummary } from '@shop/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { RateLimitError } from '../../lib/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Limiter } from '../../platform/security/limiter.js';
import { generateToken, hashToken } from '../../platform/security/tokens.js';

/*
 * What the auth flows share: their dependencies, limits and messages, and sessions. The flows:
 * signup.ts (signup and email codes), login.ts (login, its throttling, logout), reset.ts
 * (password reset).
 */

/** What the auth services need besides the database. */
export interface AuthDeps {
  db: Db;
  limiter: Limiter;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

export const MINUTE = 60_000;

const HOUR = 60 * MINUTE;

export const SESSION_TTL_MS = 30 * 24 * HOUR;

/** Rate limits (ARCHITECTURE section 9 and 10, docs/decisions/0018): [max, window]. */
export const LIMITS = {
  /** More than 10 failed logins for one account from one IP in 15 minutes: 429, even with the right password. */
  loginFailuresPerAccount: [10, 15 * MINUTE],
  /** Password spraying from one address across many accounts. */
  loginFailuresPerIp: [100, 15 * MINUTE],
  /**
   * Failures for one account from anywhere, before the account-wide slow-down starts: past them,
   * unknown browsers get one password check per LOGIN_SLOWDOWN step (login.ts: 1 s, 2 s, 4 s … 60 s).
   */
  loginFailuresPerAccountEverywhere: [10, HOUR],
  signupsPerIp: [10, HOUR],
  /** Verification codes one client may have mailed to one address (signup and resends together). */
  codeSendsPerAddressAndClient: [3, HOUR],
  codeResendsPerIp: [20, HOUR],
  codeChecksPerIp: [30, 15 * MINUTE],
  resetRequestsPerAddressAndClient: [3, HOUR],
  resetRequestsPerIp: [10, HOUR],
  /**
   * Mails of one kind to one address from all clients together. Past this, at most one per
   * MAIL_TRICKLE window goes out and the others are answered alike but not sent: the mailbox is
   * not flooded, and the owner, never refused, always has a code or link a few minutes old.
   */
  mailsPerAddress: [10, HOUR],
  mailTrickle: [1, 5 * MINUTE],
  passwordUpdatesPerIp: [20, 15 * MINUTE],
} as const satisfies Record<string, readonly [number, number]>;

export const MESSAGES = {
  signedUp: 'Signup complete! Check your inbox for a verification email.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  mailFailed: 'We could not send the email right now. Please try again in a few minutes.',
  codeSent: 'A new verification code is on its way. Check your inbox.',
  wrongCode: 'Incorrect code! Please check and enter the correct verification code.',
  codeVoid: 'Too many wrong tries: this code no longer works. Please request a new one.',
  codeExpired: 'This code has expired. Please request a new one.',
  alreadyVerified: 'This email is already verified. Please log in.',
  tooManyCodes: 'Too many codes requested for this email. Please wait before asking for another.',
  unknownEmail: 'No account found with that email address.',
  wrongPassword: 'Incorrect password. Please try again.',
  notVerified: 'Please verify your email first: enter the code we sent you.',
  tooManyLogins: 'Too many failed login attempts. Please wait and try again later.',
  resetSent: 'If an account exists for this email, a link to reset the password is on its way.',
  tooManyResets: 'Too many reset requests for this email. Please wait before asking again.',
  invalidResetLink: 'This reset link is invalid or has already been used. Please request a new one.',
  expiredResetLink: 'This reset link has expired. Please request a new one.',
  passwordUpdated: 'Your password has been updated. You can now log in with it.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;

export async function enforce(
  limiter: Limiter,
  key: string,
  [max, windowMs]: readonly [number, number],
  message: string,
) {
  const result = await limiter.hit(key, max, windowMs);
  if (!result.allowed) throw new RateLimitError(result.retryAfter, message);
}

/**
 * Whether a mail of `kind` may go to `email` now (LIMITS.mailsPerAddress, then the trickle). A
 * refusal is never a 429: the requester is answered as usual, so nobody can use up the owner's
 * quota and have the owner's own request refused.
 */
export async function mayMail(limiter: Limiter, kind: 'code' | 'reset', email: string): Promise<boolean> {
  const [max, windowMs] = LIMITS.mailsPerAddress;
  if ((await limiter.hit(`mail:${kind}:${email}`, max, windowMs)).allowed) return true;
  const [trickle, trickleMs] = LIMITS.mailTrickle;
  return (await limiter.hit(`mail-trickle:${kind}:${email}`, trickle, trickleMs)).allowed;
}

export const userSummary = (user: typeof users.$inferSelect): UserSummary => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  profilePicture: user.profilePicture,
});

export async function findUserByEmail(db: Db | Tx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** A new 30-day session; the user's expired ones are swept on the way. */
export async function createSession(db: Db | Tx, userId: number): Promise<string> {
  const token = generateToken(32);
  const now = new Date();
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + SESSION_TTL_MS) });
  return token;
}
