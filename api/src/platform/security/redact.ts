import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in a URL never reach the logs: the mailed password-reset link, and payment
 * session ids (whoever holds one may pay or cancel that order on the built-in page).
 */
export const redactUrl = (url: string): string =>
  url
    .replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]')
    .replace(/(\/pay\/|\/by-session\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&]session_id=)[^&#]+/g, '$1[redacted]');

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
