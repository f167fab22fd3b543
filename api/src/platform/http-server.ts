import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Answers a request itself and returns true, or returns false to leave it to Fastify. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Slow clients are cut off: headers and body within 30 s, 60 s of silence, keep-alive for 72 s (past a proxy's 60 s). */
const REQUEST_TIMEOUT_MS = 30_000;
const CONNECTION_TIMEOUT_MS = 60_000;
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * Fastify's `serverFactory`: the HTTP server, where each request meets `fastPath()` first and
 * then Fastify. (Given a factory, Fastify sets none of its server timeouts: they are set here.)
 */
export function httpServerFactory(fastPath: () => FastPath | undefined) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void): Server => {
    const server = createServer((request, response) => {
      if (!fastPath()?.(request, response)) handler(request, response);
    });
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.setTimeout(CONNECTION_TIMEOUT_MS);
    return server;
  };
}
