import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Cached answers (catalogue JSON, server-rendered pages) compressed at most once per encoding,
 * the first time a client asks for it, and then sent as bytes: browsers get brotli or gzip
 * without the server compressing on every request.
 */
export interface EncodedBody {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Smaller bodies go as they are: compressing them saves less than it costs. */
const MIN_BYTES = 1024;

function preferredEncoding(accepted: string): 'br' | 'gzip' | null {
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

const compress = (body: Buffer, encoding: 'br' | 'gzip') =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });

function encodedFor(acceptEncoding: string | undefined, cached: EncodedBody) {
  const encoding = cached.body.length >= MIN_BYTES ? preferredEncoding(acceptEncoding ?? '') : null;
  if (!encoding) return { body: cached.body, encoding };
  return { body: (cached[encoding] ??= compress(cached.body, encoding)), encoding };
}

export interface CachedAnswer {
  status: 200 | 304;
  /** Undefined for a 304. */
  body?: Buffer;
  encoding: 'br' | 'gzip' | null;
}

/**
 * A cached body's answer to a request with these headers: 304 when the client holds this
 * version (its ETag), else the bytes in the best encoding the client takes.
 */
export function cachedAnswer(cached: EncodedBody & { etag: string }, request: IncomingHttpHeaders): CachedAnswer {
  if (request['if-none-match'] === cached.etag) return { status: 304, encoding: null };
  const { body, encoding } = encodedFor(request['accept-encoding'], cached);
  return { status: 200, body, encoding };
}

/**
 * Sends a cached body's answer (`cachedAnswer`) through Fastify, with its ETag and the
 * `representation` headers (type, caching, `vary`, which must name accept-encoding).
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: EncodedBody & { etag: string },
  representation: Record<string, string>,
) {
  const { status, body, encoding } = cachedAnswer(cached, request.headers);
  reply.code(status).headers(representation).header('etag', cached.etag);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
