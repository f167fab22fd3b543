import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimitError } from '../../lib/errors.js';
import { clientKey } from '../../platform/security/client-key.js';

/** The headers of a cached catalogue read, beside its ETag (answers vary by language, encoding and user). */
export const CATALOG_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-cache',
  vary: 'accept-language, accept-encoding, authorization',
};

/** The window of SEARCH_RATE_LIMIT: the new reads one client may have built a minute. */
const NEW_READS_WINDOW_MS = 60_000;

/**
 * Counts a read the catalogue cache does not hold yet (a new search, a page of reviews) towards
 * the client's SEARCH_RATE_LIMIT a minute, 429 beyond it: each is built from the database and
 * kept, so a stranger cannot make the server do either without end. Reads already kept never count.
 */
export async function countNewRead(app: FastifyInstance, request: FastifyRequest, key: string): Promise<void> {
  if (app.caches.catalogue.has(key)) return;
  const allowance = await app.limiter.hit(
    `search:${clientKey(request.ip)}`,
    app.config.searchRateLimit,
    NEW_READS_WINDOW_MS,
  );
  if (!allowance.allowed) throw new RateLimitError(allowance.retryAfter);
}
