import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ifNoneMatches, type CachedBody } from '../platform/cache/encoded.js';
import { encodeAnswer } from './answers.js';

/** A strong ETag of a serialized body. */
export const etagOf = (body: string | Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * Serializes an answer once, as the route's serializer would (encoded by its schema: cents become
 * decimals): the bytes and their ETag, ready to be sent any number of times.
 */
export const toCachedBody = <S extends z.ZodType>(schema: S, value: z.output<S>): CachedBody =>
  cachedJson(JSON.stringify(encodeAnswer(schema, value)));

/** JSON already written as its answer's schema writes it (search.ts keeps each product's), ready to be sent. */
export function cachedJson(json: string | Buffer): CachedBody {
  const body = typeof json === 'string' ? Buffer.from(json) : json;
  return { body, etag: etagOf(body) };
}

/**
 * Sends a per-user JSON body with its ETag, or 304 when the client already has it. The body is
 * sent as it was serialized (by `toCachedBody`, after its schema): the route's response schema
 * does not run again per request.
 */
export function sendPrivateBody(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply
    .header('etag', cached.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'authorization, accept-language');
  if (ifNoneMatches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
