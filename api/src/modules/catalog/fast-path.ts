import type { IncomingMessage } from 'node:http';
import type { Language } from '@shop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogCache } from '../../platform/cache/catalog-cache.js';
import { cachedAnswer } from '../../platform/cache/encoded.js';
import type { FastPath } from '../../platform/http-server.js';
import { acceptedLanguage } from '../../lib/language.js';
import { redactUrl } from '../../platform/security/redact.js';
import { catalogKeys } from '../../platform/cache/catalog-cache.js';
import { CATALOG_HEADERS } from './cached-reads.js';

/** `/api/categories`, `/api/products` and `/api/products/:id`, with an optional query string. */
const READ = /^\/api\/(?:(categories)|products(?:\/([1-9]\d{0,9}))?)(?:\?(.*))?$/;
const LANG = /^lang=(en|bg)$/;
const CATEGORY = /^categoryId=([1-9]\d{0,9})$/;
const LIMIT = /^limit=([1-9]\d{0,2})$/;

/**
 * The cache key of a catalogue read, or null when the address is anything but the plainest form
 * of one (a parameter twice or unknown, an encoded character, a trailing slash…): Fastify then
 * answers it, as it answers every other request.
 */
function readKey(url: string, acceptLanguage: string | undefined): string | null {
  const match = READ.exec(url);
  if (!match) return null;
  const [, categories, id, query] = match;
  let lang: Language | undefined;
  let categoryId: number | undefined;
  let limit: number | undefined;
  const list = !categories && !id;
  for (const parameter of query?.split('&') ?? []) {
    const language = LANG.exec(parameter)?.[1] as Language | undefined;
    const category = CATEGORY.exec(parameter)?.[1];
    const most = LIMIT.exec(parameter)?.[1];
    if (language && !lang) lang = language;
    else if (category && list && categoryId === undefined) categoryId = Number(category);
    else if (most && list && limit === undefined) limit = Number(most);
    else return null;
  }
  lang ??= acceptedLanguage(acceptLanguage);
  if (categories) return catalogKeys.categories(lang);
  return id ? catalogKeys.product(Number(id), lang) : catalogKeys.products(lang, categoryId, limit);
}

/**
 * The hooks that run for a catalogue read in Fastify, and why answering without them is right.
 * The fast path skips them all: a hook added to the app (or to the catalogue routes) must be
 * added here too, with its reason, or the test that compares this list with the app's fails.
 */
export const HOOKS_THE_FAST_PATH_SKIPS: Record<string, string> = {
  'onRequest setResponseHeaders': 'its headers (security, draining) are in the fast path’s own list',
  'onRequest authenticateRequest': 'a request with a token never takes the fast path',
  'onSend fenceWrite': 'only writes wait for the change feed; the fast path only reads',
  'onResponse countResponse': 'the fast path reports each of its answers to the metrics itself (`answered`)',
};

/** The route a cache key belongs to, as Fastify names it (the metrics' route label). */
const routeOf = (key: string) =>
  key.startsWith('categories:')
    ? '/api/categories'
    : key.startsWith('product:')
      ? '/api/products/:id'
      : '/api/products';

export interface FastPathOptions {
  /** The API's security headers (the same the routes send). */
  securityHeaders: Record<string, string>;
  draining: () => boolean;
  /** With per-request logs on (LOG_LEVEL debug): the two lines Fastify would write. */
  log: FastifyBaseLogger | undefined;
  /** Told of every answer, as Fastify's onResponse hooks are (the metrics). */
  answered: (route: string, status: number, seconds: number) => void;
}

/**
 * Anonymous catalogue reads that the cache already holds, answered before Fastify
 * (docs/decisions/0014): the same bytes and headers as the catalogue routes send, without the
 * framework's per-request work, which was half the cost of the shop's most frequent answers.
 * Anything else, a visitor with a token (an admin sees unpublished products) or a read the
 * cache does not hold yet included, goes on to Fastify, whose answer fills the cache.
 */
export function catalogFastPath(
  cache: CatalogCache,
  { securityHeaders, draining, log, answered }: FastPathOptions,
): FastPath {
  // Headers as a flat list, the form Node writes fastest: spreading them into a new object per
  // answer cost more than everything else here together.
  const head = [...Object.entries(securityHeaders), ...Object.entries(CATALOG_HEADERS)].flat();
  let served = 0;
  return (request, response) => {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return false;
    const key = readKey(request.url ?? '', request.headers['accept-language']);
    if (key === null) return false;
    const cached = cache.lookup(key);
    if (!cached) return false;
    const started = performance.now();
    const reqId = log ? `fast-${(served += 1)}` : '';
    if (log) log.info({ reqId, req: rawRequestLog(request) }, 'incoming request');
    const { status, body, encoding } = cachedAnswer(cached, request.headers);
    const headers = [...head, 'etag', cached.etag];
    if (encoding) headers.push('content-encoding', encoding);
    if (body) headers.push('content-length', String(body.length));
    if (draining()) headers.push('connection', 'close');
    response.writeHead(status, headers);
    response.end(body);
    const responseTime = performance.now() - started;
    answered(routeOf(key), status, responseTime / 1000);
    if (log) log.info({ reqId, res: { statusCode: status }, responseTime }, 'request completed');
    return true;
  };
}

/** The request fields Fastify logs (`serializeRequest`), read from the raw request. */
function rawRequestLog(request: IncomingMessage) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.headers.host,
    remoteAddress: request.socket.remoteAddress,
    remotePort: request.socket.remotePort,
  };
}
