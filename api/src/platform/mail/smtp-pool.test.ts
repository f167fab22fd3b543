import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { smtpPool, type SmtpPool } from './smtp-pool.js';

/** A mail server that counts its connections (open now, the most at once, in all) and keeps what it took. */
async function server(options: Partial<SMTPServerOptions> = {}) {
  const seen = { open: 0, most: 0, all: 0, messages: [] as string[] };
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      seen.open += 1;
      seen.all += 1;
      seen.most = Math.max(seen.most, seen.open);
      callback();
    },
    onClose() {
      seen.open -= 1;
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        seen.messages.push(Buffer.concat(chunks).toString());
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  return { seen, port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

const message = (index: number) =>
  Buffer.from(`Subject: ${index}\r\n\r\nMessage ${index}.\r\n.a line that starts with a dot\r\n`);
const envelope = { from: 'shop@atelier.test', to: ['ana@example.test'] };

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
async function started(url: (port: number) => string, options?: Partial<SMTPServerOptions>) {
  const smtp = await server(options);
  const pool: SmtpPool = smtpPool(url(smtp.port));
  cleanup.push(smtp.close, () => pool.close());
  return { smtp, pool };
}

describe('the SMTP pool', () => {
  it('sends many messages at once over at most maxConnections connections, kept open between them', async () => {
    const { smtp, pool } = await started((port) => `smtp://127.0.0.1:${port}?maxConnections=3`);
    await Promise.all(Array.from({ length: 30 }, (_, index) => pool.send(envelope, message(index))));
    await Promise.all(Array.from({ length: 6 }, (_, index) => pool.send(envelope, message(30 + index))));
    expect(smtp.seen.messages).toHaveLength(36);
    expect(smtp.seen.messages).toContain(message(7).toString());
    expect(smtp.seen.most).toBe(3);
    expect(smtp.seen.all).toBe(3);
  });

  it('opens a new connection after maxMessages, and one per message with pool=false', async () => {
    const capped = await started((port) => `smtp://127.0.0.1:${port}?maxConnections=1&maxMessages=2`);
    for (let index = 0; index < 5; index += 1) await capped.pool.send(envelope, message(index));
    expect(capped.smtp.seen.all).toBe(3);
    const unpooled = await started((port) => `smtp://127.0.0.1:${port}?pool=false`);
    for (let index = 0; index < 3; index += 1) await unpooled.pool.send(envelope, message(index));
    expect(unpooled.smtp.seen.all).toBe(3);
  });

  it('sends over a new connection when the server closed an idle one', async () => {
    const { smtp, pool } = await started((port) => `smtp://127.0.0.1:${port}?maxConnections=1`, {
      socketTimeout: 150,
    });
    await pool.send(envelope, message(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await pool.send(envelope, message(2));
    expect(smtp.seen.messages).toHaveLength(2);
    expect(smtp.seen.all).toBe(2);
  });

  it('signs in with the URL’s user and password, and fails the message when the server refuses them', async () => {
    const onAuth: SMTPServerOptions['onAuth'] = (auth, _session, callback) =>
      auth.username === 'shop' && auth.password === 'secret'
        ? callback(null, { user: 'shop' })
        : callback(new Error('Invalid username or password'));
    const options = { authOptional: false, allowInsecureAuth: true, onAuth };
    const good = await started((port) => `smtp://shop:secret@127.0.0.1:${port}`, options);
    await good.pool.send(envelope, message(1));
    expect(good.smtp.seen.messages).toHaveLength(1);
    const bad = await started((port) => `smtp://shop:wrong@127.0.0.1:${port}`, options);
    await expect(bad.pool.send(envelope, message(1))).rejects.toThrow(/Invalid username or password/);
    expect(bad.smtp.seen.messages).toHaveLength(0);
  });

  it('fails a refused message and sends the next one', async () => {
    const { smtp, pool } = await started((port) => `smtp://127.0.0.1:${port}?maxConnections=1`, {
      onRcptTo: (address, _session, callback) =>
        callback(address.address.startsWith('nobody') ? new Error('No such user') : undefined),
    });
    await expect(pool.send({ ...envelope, to: ['nobody@example.test'] }, message(1))).rejects.toThrow(/No such user/);
    await pool.send(envelope, message(2));
    expect(smtp.seen.messages).toHaveLength(1);
  });

  it('refuses messages once closed', async () => {
    const { pool } = await started((port) => `smtp://127.0.0.1:${port}`);
    await pool.send(envelope, message(1));
    pool.close();
    await expect(pool.send(envelope, message(2))).rejects.toThrow(/closed/);
  });
});
