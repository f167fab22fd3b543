import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in a URL never reach the logs: the mailed password-reset link, and payment
 * session ids (whoever holds one may pay or cancel that order on the built-in page), gift card codes.
 */
export const redactUrl = (url: string): string =>
  url
    .replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]')
    .replace(/(\/pay\/|\/by-session\/)[^/?#]+/g, '$1[redacted]')
    // A gift card's code, in its balance check (YEAR.md section 3).
    .replace(/(\/api\/gift-cards\/)(?!checkout(?:[/?#]|$))[^/?#]+/g, '$1[redacted]')
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

/** Causes followed in a logged error (a loop of causes ends here). */
const MAX_CAUSES = 5;

/** An error as the log keeps it (the shape Fastify's logger asks of an `err` serializer). */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * An error as the log keeps it: its type, message, stack, own fields and causes, as pino's own
 * serializer writes them, but never the values bound to a failed statement. Drizzle's query error
 * puts them in its message and `params`: a request's text (an invoice's address, a delivery
 * note, a password hash) that an error log must not hold. The statement itself is kept.
 */
export function serializeError(error: Error, depth = 0): LoggedError {
  // `{ err: 'text' }` is logged as it is, as pino's own serializer does.
  if (!(error instanceof Error)) return error;
  const bound = 'params' in error && 'query' in error;
  const message = bound ? `Failed query: ${String(error.query)}` : error.message;
  const stack = error.stack ?? '';
  const frames = stack.indexOf('\n    at ');
  const serialized: LoggedError = {
    type: error.constructor.name,
    message,
    stack: bound ? `${error.name}: ${message}${frames >= 0 ? stack.slice(frames) : ''}` : stack,
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'cause' || key in serialized) continue;
    serialized[key] = value;
  }
  const { cause } = error;
  if (cause !== undefined && depth < MAX_CAUSES)
    serialized.cause = cause instanceof Error ? serializeError(cause, depth + 1) : cause;
  return serialized;
}
