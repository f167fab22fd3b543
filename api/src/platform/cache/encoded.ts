import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/** A serialized answer kept to be sent any number of times: its bytes (and their encodings) and ETag. */
export interface CachedBody extends EncodedBody {
  etag: string;
}

/**
 * What a kept answer may come to hold in memory, for caches bounded in bytes: its bytes, and room
 * for its brotli and gzip forms, added later on demand (each well under half of a JSON or HTML
 * body of a kilobyte or more, the only ones compressed), with its key and bookkeeping.
 */
export const cachedBodyBytes = (key: string, cached: EncodedBody) => 2 * cached.body.length + 2 * key.length + 256;

/** True when an `If-None-Match` header names `etag` (a list, weak validators and `*` included). */
export function ifNoneMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
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

const brotliInPool = promisify(brotliCompress);

/**
 * Adds the brotli encoding at quality 10 (as small as 11 for a page, in a third of the time),
 * made in libuv's thread pool, so the main thread never waits for it: for a body made once and
 * sent many times, a server-rendered page. The demo shop's /clothing goes from 14.3 KB (quality
 * 6) to 12.4 KB, inside what a new connection's first round trip carries (ten TCP segments,
 * 14.6 KB with the headers): a slow phone waits one round trip less before the first paint.
 */
export async function withSmallestBrotli<T extends EncodedBody>(cached: T): Promise<T> {
  if (cached.body.length < MIN_BYTES) return cached;
  cached.br = await brotliInPool(cached.body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: cached.body.length },
  });
  return cached;
}

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
export function cachedAnswer(cached: CachedBody, request: IncomingHttpHeaders): CachedAnswer {
  if (ifNoneMatches(request['if-none-match'], cached.etag)) return { status: 304, encoding: null };
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
  cached: CachedBody,
  representation: Record<string, string>,
) {
  const { status, body, encoding } = cachedAnswer(cached, request.headers);
  reply.code(status).headers(representation).header('etag', cached.etag);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
