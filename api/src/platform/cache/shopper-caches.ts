import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { recentSessions } from '../security/authenticate.js';
import { SessionCache } from '../security/session-cache.js';
import { PrivateResponses } from './private-responses.js';
import { ShopperChanges, type ShopperChange } from './shopper-changes.js';

declare module 'fastify' {
  interface FastifyInstance {
    shopperCaches: ShopperCaches;
  }
}

/**
 * The per-user caches of this process: sessions (token → user) and polled answers (cart,
 * wishlist, profile). Two paths invalidate them, and both are needed:
 * - in this process, synchronously: the writers call `accountChanged` / `linesChanged` after
 *   their commit and before they answer, so the writer's very next request sees the change;
 * - from the database: triggers NOTIFY every change of users, sessions, cart and wishlist rows and
 *   product data (`shopper_changes`), which reaches every process, FK cascades and writers that
 *   forgot included.
 */
export class ShopperCaches {
  readonly sessions: SessionCache;
  readonly responses: PrivateResponses;

  constructor(private readonly changes: ShopperChanges) {
    const isLive = () => changes.live;
    this.sessions = new SessionCache(isLive);
    this.responses = new PrivateResponses(isLive);
  }

  /** Resolves once every change committed so far, by any process, has reached these caches. */
  heard(): Promise<void> {
    return this.changes.heard();
  }

  /** The user row or its sessions changed: role, name, locale, logout, password, deletion. */
  accountChanged(userId: number): void {
    this.sessions.forgetUser(userId);
    this.responses.forgetUser(userId);
  }

  /** The user's cart or wishlist changed. */
  linesChanged(userId: number | null): void {
    if (userId !== null) this.responses.forgetUser(userId);
  }

  /** Products changed: every cart and wishlist answer may show an old name, price or image. */
  catalogueChanged(): void {
    this.responses.clear();
  }

  apply(change: ShopperChange): void {
    switch (change.kind) {
      case 'account':
        return this.accountChanged(change.userId);
      case 'lines':
        return this.linesChanged(change.userId);
      case 'catalogue':
        return this.catalogueChanged();
      default:
        this.sessions.clear();
        this.responses.clear();
    }
  }
}

export const shopperCaches = fp(async (app: FastifyInstance) => {
  const changes = new ShopperChanges(app.database, app.log);
  const caches = new ShopperCaches(changes);
  changes.onChange((change) => caches.apply(change));
  app.catalogCache.onClear(() => caches.catalogueChanged());
  await changes.start();
  // The sessions in use come back first after a restart: have them in memory before listening.
  const warmed = await caches.sessions
    .prime((limit) => recentSessions(app.db, limit))
    .catch((error: unknown) => {
      app.log.warn({ err: error }, 'session cache: could not read the recent sessions');
      return 0;
    });
  app.log.debug({ sessions: warmed }, 'session cache warmed');
  app.decorate('shopperCaches', caches);
  app.addHook('onClose', () => changes.stop());
});

/**
 * An onSend hook for a module's routes: every write (any method but GET and HEAD) of a signed-in
 * user, whether it succeeded or failed half-way, calls `forget` with the user's id after the
 * handler and before the answer leaves, so the user's next read is built from the database.
 */
export function forgetWriterOnSend(forget: (userId: number) => void): onSendHookHandler {
  return (request, _reply, payload, done) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD') forget(request.user.id);
    done(null, payload);
  };
}
