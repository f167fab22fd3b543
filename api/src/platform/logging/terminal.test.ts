import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { humanLogStream, terminalLogStream } from './terminal.js';

function collect() {
  let text = '';
  const out = { write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WritableStream;
  return { out, text: () => text };
}

const line = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ level: 30, time: 1_795_428_012_126, pid: 1, hostname: 'vm', ...fields })}\n`;

describe('the log in a terminal', () => {
  it('is JSON (no stream of its own) unless stdout is a terminal outside production', () => {
    const tty = { isTTY: true, hasColors: () => true } as unknown as NodeJS.WriteStream;
    const pipe = { isTTY: false } as unknown as NodeJS.WriteStream;
    expect(terminalLogStream(loadConfig({}), pipe)).toBeUndefined();
    expect(
      terminalLogStream(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test', MAIL: 'outbox' }), tty),
    ).toBeUndefined();
    expect(terminalLogStream(loadConfig({}), tty)).toBeDefined();
  });

  it('gives one line per request, and frames the outbox mail so that the code stands out', async () => {
    const { out, text } = collect();
    const stream = humanLogStream(out, { colors: false });
    const write = (chunk: string) => new Promise((resolve) => stream.write(chunk, resolve));
    await write(line({ reqId: 'req-1', req: { method: 'POST', url: '/api/auth/signup' }, msg: 'incoming request' }));
    await write(
      line({
        reqId: 'req-1',
        to: 'mila@example.com',
        subject: 'Your code',
        file: '/data/outbox/1.eml',
        outbox: true,
        msg: 'mail written to the outbox: verification code for mila@example.com: 482913',
      }),
    );
    await write(line({ reqId: 'req-1', res: { statusCode: 201 }, responseTime: 41.7, msg: 'request completed' }));
    await write(line({ level: 40, msg: 'slow query' }));

    const lines = text().split('\n');
    expect(lines.filter((l) => l.includes('/api/auth/signup'))).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] POST \/api\/auth\/signup 201 42 ms$/),
    ]);
    const mail = lines.findIndex((l) => l.includes('482913'));
    expect(lines[mail]).toBe(' ✉  OUTBOX  mail written to the outbox: verification code for mila@example.com: 482913 ');
    expect(lines[mail - 1]).toBe('');
    expect(text()).toMatch(/WARN.*slow query/);
    expect(text()).not.toContain('"reqId"');
  });
});
