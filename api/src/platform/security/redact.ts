import type { FastifyRequest } from 'fastify';

/** Secrets that travel in a URL path (the mailed password-reset link) never reach the logs. */
export const redactUrl = (url: string): string => url.replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]');

/** Fastify's request log fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
