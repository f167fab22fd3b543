import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../db/client.js';

/** The channel of the database triggers of migration 0002 (`notify_shopper_change`). */
export const SHOPPER_CHANNEL = 'shopper_changes';

export type ShopperChange =
  /** The user row or one of its sessions changed (or went). */
  | { kind: 'account'; userId: number }
  /** A cart or wishlist row of the user changed. */
  | { kind: 'lines'; userId: number }
  /** Product data that carts and wishlists show changed. */
  | { kind: 'catalogue' }
  /** Anything may have changed: a TRUNCATE, or notifications may have been missed. */
  | { kind: 'all' };

export function parseShopperChange(payload: string): ShopperChange {
  const [kind, id] = payload.split(':');
  const userId = Number(id);
  if ((kind === 'account' || kind === 'lines') && Number.isSafeInteger(userId)) return { kind, userId };
  if (kind === 'catalogue') return { kind };
  // Unknown payloads drop everything: a cache must never outlive a change it did not understand.
  return { kind: 'all' };
}

const RECONNECT_MS = 1000;
/** Payloads of `heard()` markers: no change, and ignored by every other process. */
const MARKER = 'heard:';

/**
 * Hears the database's `shopper_changes` notifications. On PGlite they arrive before the writing
 * statement's promise resolves; on PostgreSQL a dedicated connection LISTENs, and other processes'
 * changes arrive within milliseconds of their commit.
 *
 * `live` is false while nothing listens (before start, after the connection was lost and until
 * it is back): caches must then neither serve nor keep entries, since a change could go unheard.
 * Losing the connection, and getting it back, announce `all`.
 */
export class ShopperChanges {
  private handlers: ((change: ShopperChange) => void)[] = [];
  private listener: pg.PoolClient | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly markers = new Map<string, () => void>();
  live = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  onChange(handler: (change: ShopperChange) => void): void {
    this.handlers.push(handler);
  }

  async start(): Promise<void> {
    if (this.database.pool) {
      await this.listen(this.database.pool);
      return;
    }
    const client = (this.database.db as unknown as { $client: PGlite }).$client;
    this.unlisten = await client.listen(SHOPPER_CHANNEL, (payload) => this.emit(payload));
    this.live = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.live = false;
    clearTimeout(this.reconnect);
    await this.unlisten?.().catch(() => undefined);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      try {
        await listener.query(`unlisten ${SHOPPER_CHANNEL}`);
        listener.release();
      } catch (error) {
        listener.release(error as Error);
      }
    }
  }

  /**
   * Resolves once every change committed before the call has been heard. PostgreSQL delivers a
   * listener the notifications of different transactions in commit order, so a marker sent now
   * comes back after all of them. On PGlite they are heard before the write resolves already.
   */
  async heard(): Promise<void> {
    const pool = this.database.pool;
    if (!pool) return;
    const marker = `${MARKER}${randomUUID()}`;
    const back = new Promise<void>((resolve) => this.markers.set(marker, resolve));
    await pool.query('select pg_notify($1, $2)', [SHOPPER_CHANNEL, marker]);
    await back;
  }

  private emit(payload: string): void {
    if (payload.startsWith(MARKER)) {
      this.markers.get(payload)?.();
      this.markers.delete(payload);
      return;
    }
    const change = parseShopperChange(payload);
    for (const handler of this.handlers) handler(change);
  }

  private async listen(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    const lost = (error?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.live = false;
      this.emit('all');
      this.log.error({ err: error }, 'shopper change listener lost: caches off until it is back');
      client.release(error ?? new Error('listener connection ended'));
      this.scheduleReconnect(pool);
    };
    client.on('notification', (message) => {
      if (message.channel === SHOPPER_CHANNEL) this.emit(message.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.query(`listen ${SHOPPER_CHANNEL}`);
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
    this.emit('all');
    this.live = true;
  }

  private scheduleReconnect(pool: pg.Pool): void {
    if (this.stopped) return;
    this.reconnect = setTimeout(() => {
      this.listen(pool).catch((error: unknown) => {
        this.log.error({ err: error }, 'shopper change listener: reconnect failed');
        this.scheduleReconnect(pool);
      });
    }, RECONNECT_MS);
    this.reconnect.unref();
  }
}
