import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { httpServerFactory } from './http-server.js';

/** Sends the start of a request and never finishes it; resolves with the ms until the server hangs up. */
async function hangUpAfter(port: number): Promise<number> {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: shop.test\r\nX-Slow: '));
  socket.on('data', () => undefined);
  await new Promise((resolve) => socket.on('close', resolve));
  return Date.now() - started;
}

describe('the HTTP server', () => {
  it('cuts off a client that does not finish its request within the request timeout, not up to 30 s later', async () => {
    const server = httpServerFactory(() => undefined, { requestMs: 1500, idleMs: 60_000, keepAliveMs: 60_000 })(
      (_request, response) => response.end('ok'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const elapsed = await hangUpAfter((server.address() as AddressInfo).port);
      expect(elapsed).toBeGreaterThanOrEqual(1400);
      expect(elapsed).toBeLessThan(3500);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
