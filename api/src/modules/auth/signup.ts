import type { Language, SignupBody, UserSummary } from '@shop/contract';
import { OTP_LENGTH } from '@shop/contract';
import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { emailCodes, users } from '../../db/schema.js';
import { AppError, DependencyError, conflict } from '../../lib/errors.js';
import { signupCodeMail } from '../../platform/mail/templates/account.js';
import { clientKey } from '../../platform/security/client-key.js';
import { assertPasswordAllowed } from '../../platform/security/password-policy.js';
import { hashPassword } from '../../platform/security/passwords.js';
import { generateCode, hashToken, safeEqualHex } from '../../platform/security/tokens.js';
import { rememberDevice } from './devices.js';
import {
  LIMITS,
  MESSAGES,
  MINUTE,
  createSession,
  enforce,
  findUserByEmail,
  mayMail,
  userSummary,
  type AuthDeps,
} from './service.js';

/* Signing up, and the email codes that verify the address. */

export const CODE_TTL_MINUTES = 10;

export const CODE_MAX_ATTEMPTS = 5;
/**
 * Codes of one account valid at once: a resend must not void the code a shopper is typing (the
 * mail of the first may arrive after they asked again), so the latest two work until they expire.
 */
const CODES_VALID = 2;

/** The code is hashed with the user id so that equal codes of two users never share a hash. */
const codeHash = (userId: number, code: string) => hashToken(`${userId}:${code}`);

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
    throw new DependencyError('mail', MESSAGES.mailFailed);
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
    throw new DependencyError('mail', MESSAGES.mailFailed);
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
  if (!user) throw new AppError('INVALID_CODE', MESSAGES.wrongCode);
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
    throw new AppError('CODE_EXPIRED', spent ? MESSAGES.codeVoid : MESSAGES.codeExpired);
  }
  const live = tried.filter((row) => row.expiresAt.getTime() > Date.now());
  if (live.length === 0) throw new AppError('CODE_EXPIRED', MESSAGES.codeExpired);
  const attempt = live.find((row) => safeEqualHex(row.codeHash, codeHash(user.id, code)));
  if (!attempt) {
    const attempts = Math.min(...live.map((row) => row.attempts));
    log.info({ event: 'otp.failure', userId: user.id, attempts, ip }, 'verification code rejected');
    if (attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_EXPIRED', MESSAGES.codeVoid);
    throw new AppError('INVALID_CODE', MESSAGES.wrongCode);
  }

  const started = await db.transaction(async (tx) => {
    // Single use: of two concurrent right answers only the one that deletes the row goes on.
    const [used] = await tx.delete(emailCodes).where(eq(emailCodes.id, attempt.id)).returning({ id: emailCodes.id });
    if (!used) return undefined;
    await tx.delete(emailCodes).where(eq(emailCodes.userId, user.id));
    await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    return { token: await createSession(tx, user.id), deviceToken: await rememberDevice(tx, user.id) };
  });
  if (!started) throw new AppError('CODE_EXPIRED', MESSAGES.codeExpired);
  log.info({ event: 'otp.verified', userId: user.id, ip }, 'email verified, session started');
  return { ...started, user: userSummary(user) };
}
