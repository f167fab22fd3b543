import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag of a serialized body. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** True when `If-None-Match` names `etag` (a list, weak validators and `*` included). */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * Sends a per-user JSON body with an ETag computed from its bytes, or 304 when the client
 * already has it: polling a list that has not changed costs one query and no body.
 * `value` must already have the response's shape (it is serialized here, not by the schema).
 */
export function sendPrivateJson(request: FastifyRequest, reply: FastifyReply, value: unknown) {
  const body = JSON.stringify(value);
  const etag = etagOf(body);
  reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'authorization, accept-language');
  if (matchesIfNoneMatch(request, etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
