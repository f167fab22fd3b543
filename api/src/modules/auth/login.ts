import type { UserSummary } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema.js';
import { AppError, RateLimitError } from '../../lib/errors.js';
import { clientKey } from '../../platform/security/client-key.js';
import { verifyPassword } from '../../platform/security/passwords.js';
import { isKnownDevice, rememberDevice } from './devices.js';
import { LIMITS, MESSAGES, createSession, findUserByEmail, userSummary, type AuthDeps } from './service.js';

/* Signing in, with its throttling, and signing out. */

/** The wait between password checks of an unknown browser for an account past its free failures. */
export const LOGIN_SLOWDOWN = { firstMs: 1000, maxMs: 60_000 } as const;

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
    throw new AppError('NOT_FOUND', MESSAGES.unknownEmail);
  }
  if (!(await verifyPassword(user.passwordHash, attempt.password))) {
    fail('wrong_password', user.id);
    throw new AppError('UNAUTHORIZED', MESSAGES.wrongPassword);
  }
  // The right password: nothing reserved was a failure.
  await giveBack();
  if (!user.emailVerifiedAt) {
    log.info(
      { event: 'login.failure', reason: 'email_not_verified', userId: user.id, ip },
      'login refused: email not verified',
    );
    throw new AppError('EMAIL_NOT_VERIFIED', MESSAGES.notVerified);
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
