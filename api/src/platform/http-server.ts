import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Answers a request itself and returns true, or returns false to leave it to Fastify. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface ServerTimeouts {
  /** Headers and body must arrive within this. */
  requestMs: number;
  /** A connection silent this long is closed. */
  idleMs: number;
  /** A kept-alive connection waits this long for its next request (past a proxy's 60 s). */
  keepAliveMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = { requestMs: 30_000, idleMs: 60_000, keepAliveMs: 72_000 };

/**
 * Fastify's `serverFactory`: the HTTP server, where each request meets `fastPath()` first and
 * then Fastify. (Given a factory, Fastify sets none of its server timeouts: they are set here.)
 * Node checks the request timeout of open connections only every `connectionsCheckingInterval`
 * (30 s by default, so a 30 s limit became 30–60 s): it is checked every second instead.
 */
export function httpServerFactory(fastPath: () => FastPath | undefined, timeouts: ServerTimeouts = SERVER_TIMEOUTS) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void): Server => {
    const server = createServer(
      {
        requestTimeout: timeouts.requestMs,
        headersTimeout: timeouts.requestMs,
        connectionsCheckingInterval: Math.min(1000, timeouts.requestMs),

        keepAliveTimeout: timeouts.keepAliveMs,
      },
      (request, response) => {
        if (!fastPath()?.(request, response)) handler(request, response);
      },
    );
    server.setTimeout(timeouts.idleMs);
    return server;
  };
}
