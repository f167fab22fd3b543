import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import type PinoPretty from 'pino-pretty';
import type { Config } from '../../config.js';

/**
 * The log as a person reads it (docs: README, "Logs"): when the shop runs in a terminal and not
 * in production, one short line per request instead of two JSON objects, and the outbox's mail
 * (a sign-up code, a reset link) framed so that it stands out. Anywhere else (a file, a pipe, a
 * log collector, production) the log stays JSON lines, one per event.
 */
export function terminalLogStream(config: Config, out: NodeJS.WriteStream = process.stdout): Writable | undefined {
  if (!out.isTTY || config.env === 'production') return undefined;
  return humanLogStream(out, { colors: out.hasColors?.() ?? false });
}

const ANSI = {
  bold: (text: string) => `\u001b[1m${text}\u001b[22m`,
  dim: (text: string) => `\u001b[2m${text}\u001b[22m`,
  outbox: (text: string) => `\u001b[1;30;43m${text}\u001b[0m`,
};
const PLAIN = { bold: (text: string) => text, dim: (text: string) => text, outbox: (text: string) => text };

interface LogLine {
  msg?: string;
  time?: number;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  outbox?: boolean;
  file?: string;
  [key: string]: unknown;
}

/** Pino's JSON lines in, readable lines out (exported for its test). */
export function humanLogStream(out: NodeJS.WritableStream, { colors }: { colors: boolean }): Writable {
  const paint = colors ? ANSI : PLAIN;
  // Loaded only here: a shop in production never spends its start-up on it.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  const pretty = prettyFactory({
    colorize: colors,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,outbox,file',
    singleLine: false,
  });
  const time = (log: LogLine) => new Date(log.time ?? Date.now()).toTimeString().slice(0, 8);
  // A request's method and address, from its first line until its last.
  const pending = new Map<string, string>();

  function format(log: LogLine): string | null {
    if (log.msg === 'incoming request' && log.reqId && log.req) {
      pending.set(log.reqId, `${log.req.method ?? ''} ${log.req.url ?? ''}`);
      return null;
    }
    if (log.msg === 'request completed' && log.reqId) {
      const request = pending.get(log.reqId) ?? '';
      pending.delete(log.reqId);
      const status = log.res?.statusCode ?? 0;
      const line = `[${time(log)}] ${request} ${status} ${Math.round(log.responseTime ?? 0)} ms`;
      return `${status >= 500 ? paint.bold(line) : paint.dim(line)}\n`;
    }
    if (log.outbox) {
      const text = ` ✉  OUTBOX  ${log.msg ?? ''} `;
      return `\n${paint.outbox(text)}\n${paint.dim(`   ${log.file ?? ''}`)}\n\n`;
    }
    return pretty(log);
  }

  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      for (const text of String(chunk).split('\n')) {
        if (!text.trim()) continue;
        let log: LogLine;
        try {
          log = JSON.parse(text) as LogLine;
        } catch {
          out.write(`${text}\n`);
          continue;
        }
        const line = format(log);
        if (line) out.write(line);
      }
      done();
    },
  });
}
