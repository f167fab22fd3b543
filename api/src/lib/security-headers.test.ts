import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

describe('security headers', () => {
  it("are helmet's headers with the shop's CSP, computed once", () => {
    const headers = securityHeaders('http://localhost:3000');
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
        "img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';form-action 'self';" +
        "frame-ancestors 'none';object-src 'none'",
    );
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('add HSTS and upgrade-insecure-requests when the shop is served over HTTPS', () => {
    const headers = securityHeaders('https://shop.example');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
