import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { loginDevices } from '../../db/schema.js';
import { generateToken, hashToken } from '../../platform/security/tokens.js';

/**
 * Known browsers (docs/decisions/0018): a browser that has signed in to an account gets a
 * random token in an HttpOnly cookie. Presenting it for that account later proves "this browser
 * has known the password before", which spares it the account-wide slow-down an attacker
 * guessing from many addresses causes; everyone else still waits.
 */
export const DEVICE_COOKIE = 'device';
const DEVICE_TTL_MS = 365 * 24 * 3_600_000;
/** The latest browsers of an account kept; older ones are forgotten. */
const DEVICES_PER_USER = 20;

const COOKIE_VALUE = /^[A-Za-z0-9_-]{20,100}$/;

/** The device token of a `Cookie` header, if it carries a well-formed one. */
export function deviceTokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DEVICE_COOKIE && value && COOKIE_VALUE.test(value)) return value;
  }
  return undefined;
}

/** The `Set-Cookie` value that keeps a device token in the browser, for the auth routes only. */
export function deviceCookie(token: string, secure: boolean): string {
  const attributes = [
    `${DEVICE_COOKIE}=${token}`,
    'Path=/api/auth',
    `Max-Age=${Math.floor(DEVICE_TTL_MS / 1000)}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** True when `token` is a live device token of the user; its use is recorded. */
export async function isKnownDevice(db: Db, userId: number, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [device] = await db
    .update(loginDevices)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(loginDevices.tokenHash, hashToken(token)),
        eq(loginDevices.userId, userId),
        sql`${loginDevices.lastUsedAt} > now() - ${`${DEVICE_TTL_MS} milliseconds`}::interval`,
      ),
    )
    .returning({ id: loginDevices.id });
  return device !== undefined;
}

/** A new device token for the user (the browser that just proved the password); old ones are swept. */
export async function rememberDevice(db: Db | Tx, userId: number): Promise<string> {
  const token = generateToken(32);
  await db.insert(loginDevices).values({ userId, tokenHash: hashToken(token) });
  const latest = db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .where(eq(loginDevices.userId, userId))
    .orderBy(desc(loginDevices.lastUsedAt), desc(loginDevices.id))
    .limit(DEVICES_PER_USER);
  await db.delete(loginDevices).where(and(eq(loginDevices.userId, userId), notInArray(loginDevices.id, latest)));
  await db.delete(loginDevices).where(lt(loginDevices.lastUsedAt, new Date(Date.now() - DEVICE_TTL_MS)));
  return token;
}
