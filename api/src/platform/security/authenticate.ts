import type { Role } from '@shop/contract';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { preparedSelect } from '../../db/prepared.js';
import { sessions, users } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { hashToken } from './tokens.js';

/** Read-only: one cached object serves every request of the session. */
export interface AuthUser {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly role: Role;
  readonly locale: 'en' | 'bg';
  readonly sessionId: number;
  /** When the session ends: checked on every use of a cached session. */
  readonly expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The user of the bearer token, or null. Read through the session cache after the change
     *  feed's fence: a revocation, role change or deletion takes effect on the very next request. */
    user: AuthUser | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

const sessionUser = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  locale: users.locale,
  sessionId: sessions.id,
  expiresAt: sessions.expiresAt,
};

/** Built once (db/prepared.ts): every request of a session not in the cache reads it. */
const sessionUserByToken = preparedSelect(sessionUser, () =>
  new QueryBuilder()
    .select(sessionUser)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1),
);

export async function findSessionUser(db: Db, tokenHash: string): Promise<AuthUser | null> {
  const [row] = await sessionUserByToken(db, { tokenHash, now: new Date().toISOString() });
  return row ?? null;
}

/** The `limit` sessions most likely in use (the latest to expire: sessions last a fixed time). */
export async function recentSessions(db: Db, limit: number): Promise<{ tokenHash: string; user: AuthUser }[]> {
  const rows = await db
    .select({ ...sessionUser, tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(gt(sessions.expiresAt, new Date()))
    .orderBy(desc(sessions.expiresAt))
    .limit(limit);
  return rows.map(({ tokenHash, ...user }) => ({ tokenHash, user }));
}

/**
 * Who the bearer token belongs to, on every request that carries one. The session cache answers
 * without a query; since another process may have just ended the session or changed the user,
 * the request first waits for the change feed's fence (on PostgreSQL: every change committed
 * before the request arrived has then been heard; on PGlite nothing is ever on its way). A
 * logout, password reset, role change or deletion thus holds on the very next request, in every
 * process (docs/decisions/0019).
 */
export const authenticate = fp(async (app: FastifyInstance) => {
  const { sessions } = app.caches;
  // The sessions in use come back first after a restart: have them in memory at once.
  const warmed = await sessions
    .prime((limit) => recentSessions(app.db, limit))
    .catch((error: unknown) => {
      app.log.warn({ err: error }, 'session cache: could not read the recent sessions');
      return 0;
    });
  app.log.debug({ sessions: warmed }, 'session cache warmed');

  app.decorateRequest('user', null);
  // A callback hook, not an async one: requests without a token (the catalogue, pages, files) and,
  // on PGlite, those of a cached session go on at once, without a promise.
  app.addHook('onRequest', function authenticateRequest(request, _reply, done) {
    const match = request.headers.authorization === undefined ? null : BEARER.exec(request.headers.authorization);
    if (!match?.[1]) return done();
    const tokenHash = hashToken(match[1]);
    const identify = () => {
      const known = sessions.peek(tokenHash);
      if (known !== undefined) {
        request.user = known;
        return done();
      }
      sessions
        .find(tokenHash, () => findSessionUser(app.db, tokenHash))
        .then((user) => {
          request.user = user;
          done();
        }, done);
    };
    const fence = app.caches.feed.fence();
    if (fence) void fence.then(identify);
    else identify();
  });
});

/** onRequest hook: a logged-in user is required (401 otherwise). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** onRequest hook: an ADMIN or ROOT_ADMIN is required (401 anonymous, 403 others). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'ADMIN' && request.user.role !== 'ROOT_ADMIN') throw forbidden();
}

/** The request's user; only call behind requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
