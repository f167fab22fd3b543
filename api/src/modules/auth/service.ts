import type { Language, SignupBody, UserSummary } from '@shop/contract';
import { OTP_LENGTH } from '@shop/contract';
import { and, desc, eq, gt, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { emailCodes, passwordResets, sessions, users } from '../../db/schema.js';
import { AppError, RateLimitError, conflict } from '../../lib/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { passwordChangedMail, resetLinkMail, signupCodeMail } from '../../platform/mail/templates/account.js';
import { clientKey } from '../../platform/security/client-key.js';
import type { Limiter } from '../../platform/security/limiter.js';
import { assertPasswordAllowed } from '../../platform/security/password-policy.js';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.js';
import { generateCode, generateToken, hashToken, safeEqualHex } from '../../platform/security/tokens.js';
import { isKnownDevice, rememberDevice } from './devices.js';

/** What the auth services need besides the database. */
export interface AuthDeps {
  db: Db;
  limiter: Limiter;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SESSION_TTL_MS = 30 * 24 * HOUR;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Codes of one account valid at once: a resend must not void the code a shopper is typing (the
 * mail of the first may arrive after they asked again), so the latest two work until they expire.
 */
const CODES_VALID = 2;
export const RESET_TTL_MINUTES = 30;

/** Rate limits (ARCHITECTURE section 9 and 10, docs/decisions/0018): [max, window]. */
export const LIMITS = {
  /** More than 10 failed logins for one account from one IP in 15 minutes: 429, even with the right password. */
  loginFailuresPerAccount: [10, 15 * MINUTE],
  /** Password spraying from one address across many accounts. */
  loginFailuresPerIp: [100, 15 * MINUTE],
  /**
   * Failures for one account from anywhere, before the account-wide slow-down starts: past them,
   * unknown browsers get one password check per LOGIN_SLOWDOWN step (1 s, 2 s, 4 s … 60 s).
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

/** The wait between password checks of an unknown browser for an account past its free failures. */
export const LOGIN_SLOWDOWN = { firstMs: 1000, maxMs: 60_000 } as const;

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

async function enforce(limiter: Limiter, key: string, [max, windowMs]: readonly [number, number], message: string) {
  const result = await limiter.hit(key, max, windowMs);
  if (!result.allowed) throw new RateLimitError(result.retryAfter, message);
}

/**
 * Whether a mail of `kind` may go to `email` now (LIMITS.mailsPerAddress, then the trickle). A
 * refusal is never a 429: the requester is answered as usual, so nobody can use up the owner's
 * quota and have the owner's own request refused.
 */
async function mayMail(limiter: Limiter, kind: 'code' | 'reset', email: string): Promise<boolean> {
  const [max, windowMs] = LIMITS.mailsPerAddress;
  if ((await limiter.hit(`mail:${kind}:${email}`, max, windowMs)).allowed) return true;
  const [trickle, trickleMs] = LIMITS.mailTrickle;
  return (await limiter.hit(`mail-trickle:${kind}:${email}`, trickle, trickleMs)).allowed;
}

/** The code is hashed with the user id so that equal codes of two users never share a hash. */
const codeHash = (userId: number, code: string) => hashToken(`${userId}:${code}`);

const userSummary = (user: typeof users.$inferSelect): UserSummary => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  profilePicture: user.profilePicture,
});

async function findUserByEmail(db: Db | Tx, email: string) {
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

/** Replaces any earlier code of the user with a fresh one; returns the plain code for the mail. */
async function issueCode(tx: Tx, userId: number): Promise<string> {
  const code = generateCode(OTP_LENGTH);
  const mine = and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, 'verify'));
  const kept = tx
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(and(mine, gt(emailCodes.expiresAt, sql`now()`)))
    .orderBy(desc(emailCodes.id))
    .limit(CODES_VALID - 1);
  await tx.delete(emailCodes).where(and(mine, notInArray(emailCodes.id, kept)));
  await tx.insert(emailCodes).values({
    userId,
    purpose: 'verify',
    codeHash: codeHash(userId, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * MINUTE),
  });
  return code;
}

async function sendCode(deps: AuthDeps, user: { email: string; name: string; locale: Language }, code: string) {
  const mail = signupCodeMail(user.locale, user.name, code, CODE_TTL_MINUTES);
  await deps.mailer.send({ to: user.email, ...mail, devNote: `verification code for ${user.email}: ${code}` });
}

export async function signup(deps: AuthDeps, body: SignupBody, ip: string, requestLanguage: Language): Promise<void> {
  const { db, log } = deps;
  assertPasswordAllowed(body.password, 'password');
  await enforce(deps.limiter, `signup:ip:${clientKey(ip)}`, LIMITS.signupsPerIp, MESSAGES.tooManyRequests);
  if (await findUserByEmail(db, body.email)) throw conflict('EMAIL_TAKEN', MESSAGES.emailTaken);
  await enforce(
    deps.limiter,
    `code-send:${body.email}:${clientKey(ip)}`,
    LIMITS.codeSendsPerAddressAndClient,
    MESSAGES.tooManyCodes,
  );

  const passwordHash = await hashPassword(body.password);
  const locale = body.locale ?? requestLanguage;
  const created = await db.transaction(async (tx) => {
    // A double-submitted form races here: the unique email index lets exactly one insert through.
    const [user] = await tx
      .insert(users)
      .values({ name: body.name, email: body.email, passwordHash, locale, role: 'USER' })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) return undefined;
    return { user, code: await issueCode(tx, user.id) };
  });
  if (!created) throw conflict('EMAIL_TAKEN', MESSAGES.emailTaken);

  try {
    await sendCode(deps, created.user, created.code);
  } catch (error) {
    // Without the code the account could never be verified: undo it so the person can simply retry.
    await db.delete(users).where(eq(users.id, created.user.id));
    log.error({ err: error, event: 'signup.mail_failed', userId: created.user.id }, 'signup: could not send the code');
    throw new AppError(503, 'INTERNAL', MESSAGES.mailFailed);
  }
  log.info({ event: 'signup', userId: created.user.id, ip }, 'signup: account created, code sent');
}

export async function resendCode(deps: AuthDeps, email: string, ip: string): Promise<void> {
  await enforce(deps.limiter, `code-resend:ip:${clientKey(ip)}`, LIMITS.codeResendsPerIp, MESSAGES.tooManyRequests);
  const user = await findUserByEmail(deps.db, email);
  // Unknown or already verified: the same answer, and nothing is sent.
  if (!user || user.emailVerifiedAt) return;
  await enforce(
    deps.limiter,
    `code-send:${email}:${clientKey(ip)}`,
    LIMITS.codeSendsPerAddressAndClient,
    MESSAGES.tooManyCodes,
  );
  if (!(await mayMail(deps.limiter, 'code', email))) {
    // The code mailed last (at most a trickle window old) stays the valid one.
    deps.log.warn({ event: 'otp.mail_held', userId: user.id, ip }, 'too many codes for this address: none sent');
    return;
  }
  const code = await deps.db.transaction((tx) => issueCode(tx, user.id));
  try {
    await sendCode(deps, user, code);
  } catch (error) {
    deps.log.error({ err: error, event: 'otp.mail_failed', userId: user.id }, 'resend: could not send the code');
    throw new AppError(503, 'INTERNAL', MESSAGES.mailFailed);
  }
  deps.log.info({ event: 'otp.resent', userId: user.id, ip }, 'verification code sent again');
}

export async function verifyCode(
  deps: AuthDeps,
  email: string,
  code: string,
  ip: string,
): Promise<{ token: string; user: UserSummary; deviceToken: string }> {
  const { db, log } = deps;
  await enforce(deps.limiter, `code-check:ip:${clientKey(ip)}`, LIMITS.codeChecksPerIp, MESSAGES.tooManyRequests);
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError(400, 'INVALID_CODE', MESSAGES.wrongCode);
  if (user.emailVerifiedAt) throw conflict('CONFLICT', MESSAGES.alreadyVerified);

  // Every try is counted on each code it is compared with, before the comparison, atomically:
  // parallel guesses cannot exceed any code's limit.
  const tried = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(eq(emailCodes.userId, user.id), eq(emailCodes.purpose, 'verify'), lt(emailCodes.attempts, CODE_MAX_ATTEMPTS)),
    )
    .returning();
  if (tried.length === 0) {
    const [spent] = await db
      .select({ id: emailCodes.id })
      .from(emailCodes)
      .where(eq(emailCodes.userId, user.id))
      .limit(1);
    // No code left to try: either spent by 5 wrong tries or never sent. Either way a new one is needed.
    throw new AppError(400, 'CODE_EXPIRED', spent ? MESSAGES.codeVoid : MESSAGES.codeExpired);
  }
  const live = tried.filter((row) => row.expiresAt.getTime() > Date.now());
  if (live.length === 0) throw new AppError(400, 'CODE_EXPIRED', MESSAGES.codeExpired);
  const attempt = live.find((row) => safeEqualHex(row.codeHash, codeHash(user.id, code)));
  if (!attempt) {
    const attempts = Math.min(...live.map((row) => row.attempts));
    log.info({ event: 'otp.failure', userId: user.id, attempts, ip }, 'verification code rejected');
    if (attempts >= CODE_MAX_ATTEMPTS) throw new AppError(400, 'CODE_EXPIRED', MESSAGES.codeVoid);
    throw new AppError(400, 'INVALID_CODE', MESSAGES.wrongCode);
  }

  const started = await db.transaction(async (tx) => {
    // Single use: of two concurrent right answers only the one that deletes the row goes on.
    const [used] = await tx.delete(emailCodes).where(eq(emailCodes.id, attempt.id)).returning({ id: emailCodes.id });
    if (!used) return undefined;
    await tx.delete(emailCodes).where(eq(emailCodes.userId, user.id));
    await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    return { token: await createSession(tx, user.id), deviceToken: await rememberDevice(tx, user.id) };
  });
  if (!started) throw new AppError(400, 'CODE_EXPIRED', MESSAGES.codeExpired);
  log.info({ event: 'otp.verified', userId: user.id, ip }, 'email verified, session started');
  return { ...started, user: userSummary(user) };
}

export interface LoginAttempt {
  email: string;
  password: string;
  ip: string;
  /** The browser's device token (its `device` cookie), if it sent one. */
  deviceToken: string | undefined;
}

/**
 * Signs in. Every attempt is counted before the password is checked, atomically (a burst of
 * parallel guesses cannot all be checked), and given back when it turns out not to be a failure:
 * - per account and client address, and per address (ARCHITECTURE section 10);
 * - per account from anywhere, for browsers that have not signed in to it before: past the free
 *   failures, one check per growing step. A known browser (device cookie) is never slowed down
 *   by what others do, so guessing from many addresses cannot lock the owner out.
 * A browser that signs in is remembered: the answer carries a new device token.
 */
export async function login(
  deps: AuthDeps,
  attempt: LoginAttempt,
): Promise<{ token: string; user: UserSummary; deviceToken: string | undefined }> {
  const { db, limiter, log } = deps;
  const { email, ip } = attempt;
  const counted: string[] = [];
  const giveBack = () => Promise.all(counted.map((key) => limiter.undo(key)));
  const count = async (key: string, [max, windowMs]: readonly [number, number]) => {
    const result = await limiter.hit(key, max, windowMs);
    counted.push(key);
    return result;
  };
  const refuse = async (retryAfter: number, reason: string) => {
    await giveBack();
    log.warn({ event: 'login.blocked', reason, email, ip }, 'login refused: too many failures');
    return new RateLimitError(retryAfter, MESSAGES.tooManyLogins);
  };

  const byIp = await count(`login:ip:${clientKey(ip)}`, LIMITS.loginFailuresPerIp);
  if (!byIp.allowed) throw await refuse(byIp.retryAfter, 'ip');
  const accountKey = `login:${email}:${clientKey(ip)}`;
  const byAccount = await count(accountKey, LIMITS.loginFailuresPerAccount);
  if (!byAccount.allowed) throw await refuse(byAccount.retryAfter, 'account');

  const user = await findUserByEmail(db, email);
  const knownDevice = user ? await isKnownDevice(db, user.id, attempt.deviceToken) : false;
  if (!knownDevice) {
    const everywhere = await count(`login:everywhere:${email}`, LIMITS.loginFailuresPerAccountEverywhere);
    const excess = everywhere.count - LIMITS.loginFailuresPerAccountEverywhere[0];
    if (excess > 0) {
      const stepMs = Math.min(LOGIN_SLOWDOWN.firstMs * 2 ** Math.min(excess - 1, 16), LOGIN_SLOWDOWN.maxMs);
      const step = await limiter.hit(`login:step:${email}`, 1, stepMs);
      if (!step.allowed) throw await refuse(step.retryAfter, 'account_slow_down');
    }
  }

  const fail = (reason: string, userId?: number) =>
    log.info({ event: 'login.failure', reason, email, userId, ip, knownDevice }, 'login failed');
  if (!user) {
    fail('unknown_email');
    throw new AppError(404, 'NOT_FOUND', MESSAGES.unknownEmail);
  }
  if (!(await verifyPassword(user.passwordHash, attempt.password))) {
    fail('wrong_password', user.id);
    throw new AppError(401, 'UNAUTHORIZED', MESSAGES.wrongPassword);
  }
  // The right password: nothing reserved was a failure.
  await giveBack();
  if (!user.emailVerifiedAt) {
    log.info(
      { event: 'login.failure', reason: 'email_not_verified', userId: user.id, ip },
      'login refused: email not verified',
    );
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', MESSAGES.notVerified);
  }
  await limiter.reset(accountKey);
  const token = await createSession(db, user.id);
  const deviceToken = knownDevice ? undefined : await rememberDevice(db, user.id);
  log.info({ event: 'login.success', userId: user.id, ip, knownDevice }, 'login succeeded');
  return { token, user: userSummary(user), deviceToken };
}

export async function logout(deps: Pick<AuthDeps, 'db' | 'log'>, sessionId: number, userId: number): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
  deps.log.info({ event: 'logout', userId }, 'session ended');
}

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
  const url = `${config.publicUrl}/reset-password/${token}`;
  try {
    await deps.mailer.send({
      to: user.email,
      ...resetLinkMail(user.locale, user.name, url, RESET_TTL_MINUTES),
      devNote: `password reset link for ${user.email}: ${url}`,
    });
  } catch (error) {
    log.error({ err: error, event: 'reset.mail_failed', userId: user.id }, 'reset: could not send the link');
    throw new AppError(503, 'INTERNAL', MESSAGES.mailFailed);
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
  if (!reset || reset.usedAt) throw new AppError(400, 'INVALID_TOKEN', MESSAGES.invalidResetLink);
  if (reset.expiresAt.getTime() <= Date.now()) throw new AppError(400, 'INVALID_TOKEN', MESSAGES.expiredResetLink);

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
  if (!user) throw new AppError(400, 'INVALID_TOKEN', MESSAGES.invalidResetLink);
  log.info({ event: 'reset.completed', userId: user.id, ip }, 'password changed by reset link; all sessions ended');

  try {
    await deps.mailer.send({
      to: user.email,
      ...passwordChangedMail(user.locale, user.name, `${config.publicUrl}/login`),
    });
  } catch (error) {
    // The password has changed either way; the notice is a courtesy that must not undo it.
    log.error(
      { err: error, event: 'reset.notice_failed', userId: user.id },
      'could not send the password-changed notice',
    );
  }
}
