import type { Language, SignupBody, UserSummary } from '@shop/contract';
import { OTP_LENGTH } from '@shop/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { emailCodes, passwordResets, sessions, users } from '../../db/schema.js';
import { AppError, RateLimitError, conflict } from '../../lib/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { passwordChangedMail, resetLinkMail, signupCodeMail } from '../../platform/mail/templates/account.js';
import type { Limiter } from '../../platform/security/limiter.js';
import { assertPasswordAllowed } from '../../platform/security/password-policy.js';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.js';
import { generateCode, generateToken, hashToken, safeEqualHex } from '../../platform/security/tokens.js';

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
export const RESET_TTL_MINUTES = 30;

/** Rate limits (ARCHITECTURE section 9 and 10): [max, window]. */
export const LIMITS = {
  /** More than 10 failed logins for one account from one IP in 15 minutes: 429, even with the right password. */
  loginFailuresPerAccount: [10, 15 * MINUTE],
  /** Password spraying from one address across many accounts. */
  loginFailuresPerIp: [100, 15 * MINUTE],
  signupsPerIp: [10, HOUR],
  /** Verification codes mailed to one address (signup and resends together). */
  codeSendsPerAddress: [3, HOUR],
  codeResendsPerIp: [20, HOUR],
  codeChecksPerIp: [30, 15 * MINUTE],
  resetRequestsPerAddress: [3, HOUR],
  resetRequestsPerIp: [10, HOUR],
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

async function enforce(limiter: Limiter, key: string, [max, windowMs]: readonly [number, number], message: string) {
  const result = await limiter.hit(key, max, windowMs);
  if (!result.allowed) throw new RateLimitError(result.retryAfter, message);
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
  await tx.delete(emailCodes).where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, 'verify')));
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
  await enforce(deps.limiter, `signup:ip:${ip}`, LIMITS.signupsPerIp, MESSAGES.tooManyRequests);
  if (await findUserByEmail(db, body.email)) throw conflict('EMAIL_TAKEN', MESSAGES.emailTaken);
  await enforce(deps.limiter, `code-send:${body.email}`, LIMITS.codeSendsPerAddress, MESSAGES.tooManyCodes);

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
  await enforce(deps.limiter, `code-resend:ip:${ip}`, LIMITS.codeResendsPerIp, MESSAGES.tooManyRequests);
  const user = await findUserByEmail(deps.db, email);
  // Unknown or already verified: the same answer, and nothing is sent.
  if (!user || user.emailVerifiedAt) return;
  await enforce(deps.limiter, `code-send:${email}`, LIMITS.codeSendsPerAddress, MESSAGES.tooManyCodes);
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
): Promise<{ token: string; user: UserSummary }> {
  const { db, log } = deps;
  await enforce(deps.limiter, `code-check:ip:${ip}`, LIMITS.codeChecksPerIp, MESSAGES.tooManyRequests);
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError(400, 'INVALID_CODE', MESSAGES.wrongCode);
  if (user.emailVerifiedAt) throw conflict('CONFLICT', MESSAGES.alreadyVerified);

  // Every try is counted before the code is compared, atomically: parallel guesses cannot exceed the limit.
  const [attempt] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(eq(emailCodes.userId, user.id), eq(emailCodes.purpose, 'verify'), lt(emailCodes.attempts, CODE_MAX_ATTEMPTS)),
    )
    .returning();
  if (!attempt) {
    const [spent] = await db
      .select({ id: emailCodes.id })
      .from(emailCodes)
      .where(eq(emailCodes.userId, user.id))
      .limit(1);
    // No code left to try: either spent by 5 wrong tries or never sent. Either way a new one is needed.
    throw new AppError(400, 'CODE_EXPIRED', spent ? MESSAGES.codeVoid : MESSAGES.codeExpired);
  }
  if (attempt.expiresAt.getTime() <= Date.now()) throw new AppError(400, 'CODE_EXPIRED', MESSAGES.codeExpired);
  if (!safeEqualHex(attempt.codeHash, codeHash(user.id, code))) {
    log.info({ event: 'otp.failure', userId: user.id, attempts: attempt.attempts, ip }, 'verification code rejected');
    if (attempt.attempts >= CODE_MAX_ATTEMPTS) throw new AppError(400, 'CODE_EXPIRED', MESSAGES.codeVoid);
    throw new AppError(400, 'INVALID_CODE', MESSAGES.wrongCode);
  }

  const token = await db.transaction(async (tx) => {
    // Single use: of two concurrent right answers only the one that deletes the row goes on.
    const [used] = await tx.delete(emailCodes).where(eq(emailCodes.id, attempt.id)).returning({ id: emailCodes.id });
    if (!used) return undefined;
    await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    return createSession(tx, user.id);
  });
  if (!token) throw new AppError(400, 'CODE_EXPIRED', MESSAGES.codeExpired);
  log.info({ event: 'otp.verified', userId: user.id, ip }, 'email verified, session started');
  return { token, user: userSummary(user) };
}

export async function login(
  deps: AuthDeps,
  email: string,
  password: string,
  ip: string,
): Promise<{ token: string; user: UserSummary }> {
  const { db, limiter, log } = deps;
  const accountKey = `login-fail:${email}:${ip}`;
  const ipKey = `login-fail:ip:${ip}`;
  const [accountMax, accountWindow] = LIMITS.loginFailuresPerAccount;
  const [ipMax, ipWindow] = LIMITS.loginFailuresPerIp;
  for (const [key, max] of [
    [accountKey, accountMax],
    [ipKey, ipMax],
  ] as const) {
    const state = await limiter.peek(key, max);
    if (!state.allowed) {
      log.warn({ event: 'login.blocked', email, ip }, 'login refused: too many failures');
      throw new RateLimitError(state.retryAfter, MESSAGES.tooManyLogins);
    }
  }
  const fail = async (reason: string, userId?: number) => {
    await limiter.hit(accountKey, accountMax, accountWindow);
    await limiter.hit(ipKey, ipMax, ipWindow);
    log.info({ event: 'login.failure', reason, email, userId, ip }, 'login failed');
  };

  const user = await findUserByEmail(db, email);
  if (!user) {
    await fail('unknown_email');
    throw new AppError(404, 'NOT_FOUND', MESSAGES.unknownEmail);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await fail('wrong_password', user.id);
    throw new AppError(401, 'UNAUTHORIZED', MESSAGES.wrongPassword);
  }
  if (!user.emailVerifiedAt) {
    log.info(
      { event: 'login.failure', reason: 'email_not_verified', userId: user.id, ip },
      'login refused: email not verified',
    );
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', MESSAGES.notVerified);
  }
  await limiter.reset(accountKey);
  const token = await createSession(db, user.id);
  log.info({ event: 'login.success', userId: user.id, ip }, 'login succeeded');
  return { token, user: userSummary(user) };
}

export async function logout(deps: Pick<AuthDeps, 'db' | 'log'>, sessionId: number, userId: number): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
  deps.log.info({ event: 'logout', userId }, 'session ended');
}

export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string): Promise<void> {
  const { db, log, config } = deps;
  await enforce(deps.limiter, `reset:ip:${ip}`, LIMITS.resetRequestsPerIp, MESSAGES.tooManyRequests);
  // Counted for every address, known or not, so the answer never tells which exist.
  await enforce(deps.limiter, `reset:${email}`, LIMITS.resetRequestsPerAddress, MESSAGES.tooManyResets);
  const user = await findUserByEmail(db, email);
  if (!user) {
    log.info({ event: 'reset.requested', known: false, email, ip }, 'password reset asked for an unknown email');
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

/** Sets the password of a reset link's user and ends all their sessions; answers the user's id. */
export async function updatePassword(
  deps: AuthDeps,
  resetToken: string,
  newPassword: string,
  ip: string,
): Promise<number> {
  const { db, log, config } = deps;
  await enforce(deps.limiter, `password-update:ip:${ip}`, LIMITS.passwordUpdatesPerIp, MESSAGES.tooManyRequests);
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
  return user.id;
}
