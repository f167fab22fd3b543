import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

function preferredEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = request.headers['accept-encoding'] ?? '';
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

/** Sends `cached` in the best encoding the client accepts (set `vary: accept-encoding` too). */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, cached: EncodedBody) {
  const encoding = cached.body.length >= MIN_BYTES ? preferredEncoding(request) : null;
  if (!encoding) return reply.send(cached.body);
  cached[encoding] ??= compress(cached.body, encoding);
  return reply.header('content-encoding', encoding).send(cached[encoding]);
}
