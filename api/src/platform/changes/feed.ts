import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../db/client.js';

/** The channel of the database's change triggers (migration 0005). */
export const CHANGES_CHANNEL = 'changes';

export type Change =
  /** The user row or one of its sessions changed (or went). */
  | { kind: 'account'; userId: number }
  /** A cart or wishlist row of the user changed. */
  | { kind: 'lines'; userId: number }
  /** Product data changed: products, their texts, colours, sizes, categories. */
  | { kind: 'catalogue' }
  /** Stock of one product changed (what is available of a colour and size). */
  | { kind: 'stock'; productId: number }
  /** The shop's settings (seller, delivery prices, cash on delivery, return days). */
  | { kind: 'settings' }
  /** Any order was written (the admin list's totals). */
  | { kind: 'orders' }
  /** Effects were written for the outbox to run (platform/outbox). */
  | { kind: 'effects' }
  /** Anything may have changed: a TRUNCATE, or notifications may have been missed. */
  | { kind: 'all' };

export function parseChange(payload: string): Change {
  const [kind, text] = payload.split(':');
  const id = Number(text);
  if ((kind === 'account' || kind === 'lines') && Number.isSafeInteger(id)) return { kind, userId: id };
  if (kind === 'stock' && Number.isSafeInteger(id)) return { kind, productId: id };
  if (kind === 'catalogue' || kind === 'settings' || kind === 'orders' || kind === 'effects') return { kind };
  // Unknown payloads drop everything: a cache must never outlive a change it did not understand.
  return { kind: 'all' };
}

const RECONNECT_MS = 1000;
/** A fence not answered within this long means the listener is lost: caches are dropped and off. */
const FENCE_TIMEOUT_MS = 5000;

interface Fence {
  marker: string;
  done: Promise<void>;
  resolve: () => void;
}

/**
 * The one change feed of this process (docs/decisions/0019): the database announces every change
 * that a cache depends on (triggers NOTIFY on `changes`), this bus hears it and hands it to every
 * subscriber. Handlers and services never call a cache: a write is handler → service → database,
 * and the caches follow.
 *
 * On PGlite the notifications of a statement arrive before its promise resolves, so every change
 * is heard before anything else happens. On PostgreSQL a dedicated connection LISTENs; another
 * process's changes arrive within milliseconds. `fence()` closes that gap where it matters: it
 * resolves once every change committed before the call has been heard.
 *
 * `live` is false while nothing listens (before start, after the connection was lost and until it
 * is back): caches must then neither serve nor keep entries, since a change could go unheard.
 * Losing the connection, and getting it back, announce `all`.
 */
export class ChangeFeed {
  private readonly subscribers: ((change: Change) => void)[] = [];
  private listener: pg.PoolClient | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;
  /** This process's fence markers start with it, so other processes' markers are told apart. */
  private readonly markerPrefix = `fence:${randomUUID()}:`;
  private markerCount = 0;
  /** The fence whose marker is on its way, and the one that waits for it to come back. */
  private sent: Fence | undefined;
  private next: Fence | undefined;
  live = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  subscribe(subscriber: (change: Change) => void): void {
    this.subscribers.push(subscriber);
  }

  async start(): Promise<void> {
    if (this.database.pool) {
      await this.listen(this.database.pool);
      return;
    }
    const client = (this.database.db as unknown as { $client: PGlite }).$client;
    this.unlisten = await client.listen(CHANGES_CHANNEL, (payload) => this.hear(payload));
    this.live = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.live = false;
    clearTimeout(this.reconnect);
    for (const fence of [this.sent, this.next]) fence?.resolve();
    await this.unlisten?.().catch(() => undefined);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      try {
        await listener.query(`unlisten ${CHANGES_CHANNEL}`);
        listener.release();
      } catch (error) {
        listener.release(error as Error);
      }
    }
  }

  /**
   * Resolves once every change committed before the call has been heard, or null when that is
   * already so (PGlite: nothing is ever on its way). On PostgreSQL a marker is NOTIFYed and
   * waited for: a listener receives the notifications of different transactions in commit order,
   * so everything committed before the marker comes first. Calls share markers: one is on its
   * way at a time, and every call made meanwhile waits for the next, which is sent after them.
   * Never rejects: a marker that cannot be sent or does not come back means the listener is
   * lost, and then every cache has been emptied and switched off, which is as good.
   */
  fence(): Promise<void> | null {
    if (!this.database.pool || !this.live) return null;
    if (!this.sent) return this.send(this.create()).done;
    this.next ??= this.create();
    return this.next.done;
  }

  private create(): Fence {
    let resolve!: () => void;
    const done = new Promise<void>((resolveDone) => (resolve = resolveDone));
    return { marker: `${this.markerPrefix}${(this.markerCount += 1)}`, done, resolve };
  }

  /**
   * Sends the marker on the listening connection itself, never through the pool: a burst of
   * queries waiting for a pooled connection (a thousand sessions read at once) would otherwise
   * hold the marker back, and with it every signed-in request, cached answers included, and past
   * FENCE_TIMEOUT_MS switch every cache off (decision 0053). A session hears its own
   * notifications, after those of every transaction committed before its own.
   */
  private send(fence: Fence): Fence {
    this.sent = fence;
    const timer = setTimeout(() => this.lose(new Error('a fence marker did not come back')), FENCE_TIMEOUT_MS);
    timer.unref();
    void fence.done.then(() => clearTimeout(timer));
    const listener = this.listener;
    if (!listener) {
      this.lose(new Error('no listener to send a fence marker on'));
      return fence;
    }
    listener.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, fence.marker]).catch((error: unknown) => {
      if (this.listener === listener) this.lose(error as Error);
    });
    return fence;
  }

  /** The marker of the fence on its way came back: release it and send the next, if any. */
  private fenceHeard(marker: string): void {
    if (this.sent?.marker !== marker) return;
    this.sent.resolve();
    this.sent = undefined;
    const next = this.next;
    this.next = undefined;
    if (next) this.send(next);
  }

  private hear(payload: string): void {
    if (payload.startsWith('fence:')) {
      if (payload.startsWith(this.markerPrefix)) this.fenceHeard(payload);
      return;
    }
    this.announce(parseChange(payload));
  }

  /** Hands a change to every subscriber (what the database said, or a loss of it: `all`). */
  announce(change: Change): void {
    for (const subscriber of this.subscribers) subscriber(change);
  }

  /** Nothing can be known to be heard: empty every cache, switch them off, release the fences, listen again. */
  private lose(error: Error): void {
    const listener = this.listener;
    if (listener) {
      this.listener = undefined;
      listener.release(error);
      this.scheduleReconnect(this.database.pool!);
    }
    if (this.live) this.log.error({ err: error }, 'change feed lost: caches off until it is back');
    this.live = false;
    this.hear('all');
    for (const fence of [this.sent, this.next]) fence?.resolve();
    this.sent = undefined;
    this.next = undefined;
  }

  private async listen(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) this.hear(message.payload ?? '');
    });
    client.on('error', (error) => {
      if (this.listener === client) this.lose(error);
    });
    client.on('end', () => {
      if (this.listener === client) this.lose(new Error('listener connection ended'));
    });
    try {
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    if (this.stopped) {
      client.release();
      return;
    }
    this.listener = client;
    // Whatever changed while nobody listened is unknown: start from empty caches.
    this.hear('all');
    this.live = true;
  }

  private scheduleReconnect(pool: pg.Pool): void {
    if (this.stopped) return;
    clearTimeout(this.reconnect);
    this.reconnect = setTimeout(() => {
      this.listen(pool).catch((error: unknown) => {
        this.log.error({ err: error }, 'change feed: reconnect failed');
        this.scheduleReconnect(pool);
      });
    }, RECONNECT_MS);
    this.reconnect.unref();
  }
}
