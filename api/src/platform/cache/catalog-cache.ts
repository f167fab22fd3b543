import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { EncodedBody } from './encoded.js';
import { Lru } from './lru.js';

export interface CachedBody extends EncodedBody {
  /** Bytes, not a string: a big list is then sent as is, without encoding it again per request. */
  body: Buffer;
  etag: string;
}

const CHANNEL = 'catalog_changed';
/**
 * Answers kept at most, the least recently used going first: every product in both languages of a
 * catalogue of thousands, while a stranger asking for `?categoryId=` after `?categoryId=` (each an
 * empty list, each a key) cannot fill the memory.
 */
export const MAX_ENTRIES = 10_000;
/** Values (server-rendered pages) kept at most, likewise. */
const MAX_VALUES = 2_000;

/**
 * Serialized JSON of catalogue reads, with ETags, shared by every request of this process.
 * Admin writes call `invalidate()`; on PostgreSQL the change is broadcast with NOTIFY so every
 * process drops its copy (LISTEN on one dedicated connection).
 */
export class CatalogCache {
  private readonly entries = new Lru<string, CachedBody>(MAX_ENTRIES);
  private readonly values = new Lru<string, unknown>(MAX_VALUES);
  /** Bumped on every invalidation: a read that started before it must not be stored. */
  private generation = 0;
  private listener: pg.PoolClient | undefined;
  /** Names this process's own NOTIFYs: hearing one back must not drop entries built since. */
  private readonly instanceId = randomUUID();
  private readonly clearListeners: (() => void)[] = [];

  constructor(
    private readonly pool: pg.Pool | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (!this.pool) return;
    this.listener = await this.pool.connect();
    this.listener.on('notification', (message) => {
      if (message.payload !== this.instanceId) this.clear();
    });
    this.listener.on('error', (error) => this.log.error({ err: error }, 'catalogue cache listener failed'));
    await this.listener.query(`listen ${CHANNEL}`);
  }

  async stop(): Promise<void> {
    if (!this.listener) return;
    const listener = this.listener;
    this.listener = undefined;
    try {
      await listener.query(`unlisten ${CHANNEL}`);
    } finally {
      listener.release();
    }
  }

  /** The cached body for `key`, if there is one: never builds it. */
  lookup(key: string): CachedBody | undefined {
    return this.entries.get(key);
  }

  /** Returns the cached body for `key`, building it (once per generation) when missing. */
  async get(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const body = Buffer.from(JSON.stringify(await build()));
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    if (generation === this.generation) this.entries.set(key, entry);
    return entry;
  }

  /**
   * Like `get`, for anything else built from the catalogue (server-rendered pages), kept as built.
   * A null (nothing to keep) is not stored; past MAX_VALUES the least recently used is dropped.
   */
  async getValue<T>(key: string, build: () => Promise<T | null>): Promise<T | null> {
    const kept = this.values.get(key);
    if (kept !== undefined) return kept as T;
    const generation = this.generation;
    const value = await build();
    if (value === null || generation !== this.generation) return value;
    this.values.set(key, value);
    return value;
  }

  /** Runs `listener` on every drop, local or heard from another process (caches that show products). */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }

  /** Drops every cached body here and, on PostgreSQL, in every other process. */
  async invalidate(): Promise<void> {
    this.clear();
    if (this.pool) await this.pool.query('select pg_notify($1, $2)', [CHANNEL, this.instanceId]);
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.values.clear();
    for (const listener of this.clearListeners) listener();
  }
}
