import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { useTestApp } from './test/harness.js';

const t = useTestApp();

describe('the app shell', () => {
  it('reports health with a database check', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('sets security headers on every API answer, errors included', async () => {
    for (const url of ['/api/health', '/api/nope', '/api/products/abc']) {
      const response = await t.app.inject(url);
      expect(response.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
    }
  });

  it("gives pages helmet's headers and a CSP without inline scripts", async () => {
    const response = await t.app.inject('/pay/not-a-session');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    // The older header says the same as the CSP: no framing at all, not even by the shop itself.
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('refuses malformed JSON and over-large bodies in the error shape', async () => {
    // A public route, so the body is read: nothing else can answer first.
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'The body is not valid JSON.', code: 'BAD_REQUEST' });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(200 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/products', '/api/products/{id}']),
    );
  });
});

describe('the client address behind a proxy', () => {
  const signupFrom = (app: TestApp['app'], forwardedFor: string, index: number) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        name: 'Proxy Test',
        email: `proxy-${Date.now()}-${index}@example.com`,
        password: 'a long passphrase!',
      },
    });

  it('with one trusted hop, is the address the proxy appended: a client-written left-most one is ignored', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const statuses: number[] = [];
      // Ten signups an hour per address: a client that could name its own address would never be refused.
      for (let index = 0; index < 11; index += 1) {
        const response = await signupFrom(proxied.app, `198.51.100.${index + 1}, 203.0.113.7`, index);
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
      // Another client behind the same proxy is counted apart.
      expect((await signupFrom(proxied.app, '203.0.113.8', 11)).statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});
