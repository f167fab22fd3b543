import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every response (ARCHITECTURE section 9), as helmet makes them. They do
 * not depend on the request, so helmet runs once at start-up: the @fastify/helmet plugin rebuilt
 * its whole configuration (and the CSP string) on every request, a third of a small answer's cost.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const https = publicUrl.startsWith('https://');
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets a few style attributes (e.g. the dragged banner's position).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // As the CSP's frame-ancestors 'none' says, for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The headers of the API's JSON answers (OWASP REST Security): what matters for a response that is
 * never a document. Nothing may run or frame it (`default-src 'none'`, `frame-ancestors 'none'`),
 * no browser may sniff it into HTML, and no other origin may read it (CORP). Helmet's others
 * (cross-origin opener, DNS prefetch, IE's download and XSS switches…) only concern documents,
 * and each header is work on every one of the API's most frequent answers.
 */
export function apiSecurityHeaders(publicUrl: string): Record<string, string> {
  const page = securityHeaders(publicUrl);
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': page['referrer-policy']!,
    'cross-origin-resource-policy': 'same-origin',
    ...(page['strict-transport-security'] ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
  };
}

/** API answers under /api, but not the documentation pages (HTML). */
const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Sets the security headers on every response (a route may still override one: files, docs),
 * and `connection: close` while the process drains before shutting down (main.ts). One hook:
 * each onRequest hook is a step of its own on every request.
 */
export function installResponseHeaders(app: FastifyInstance, publicUrl: string, draining: () => boolean): void {
  const pageHeaders = securityHeaders(publicUrl);
  // An API answer is stored nowhere unless its route says otherwise: the catalogue's shared
  // answers (no-cache, with an ETag) and each shopper's polled ones (private, no-cache, with
  // `Vary: Authorization`). Anything that depends on a token, or carries one, stays no-store.
  const apiHeaders = { ...apiSecurityHeaders(publicUrl), 'cache-control': 'no-store' };
  app.addHook('onRequest', function setResponseHeaders(request, reply, done) {
    reply.headers(isApiPath(request.url) ? apiHeaders : pageHeaders);
    if (draining()) reply.header('connection', 'close');
    done();
  });
}
