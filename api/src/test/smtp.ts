import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as a test reads it: envelope, decoded headers and the text and HTML parts. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`: pass it as SMTP_URL to createTestApp. */
  url: string;
  messages: ReceivedMail[];
  /** Waits (up to 5 s) for the newest message to `to` that matches, and returns it. */
  waitFor(to: string, match?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close: () => Promise<void>;
}

/**
 * A real SMTP server on a free loopback port that keeps every message it receives, parsed.
 * `const smtp = await startSmtpServer(); const t = await createTestApp({ SMTP_URL: smtp.url });`
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: the app's nodemailer would refuse the server's self-signed STARTTLS cert.
    disabledCommands: ['STARTTLS'],
    // No reverse DNS lookup of each client (loopback; no resolver to ask here).
    disableReverseLookup: true,
    authOptional: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseMail(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, match = () => true) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = messages.filter((mail) => mail.to.includes(to.toLowerCase()) && match(mail)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived (got ${messages.length} in all)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/* A small MIME reader: enough for what nodemailer sends (multipart, base64, quoted-printable, RFC 2047 words). */

function splitHeaderBody(entity: string): { headers: Record<string, string>; body: string } {
  const index = entity.search(/\r?\n\r?\n/);
  const head = index === -1 ? entity : entity.slice(0, index);
  const body = index === -1 ? '' : entity.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i += 1) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** A message as nodemailer writes it (SMTP, or an outbox's `.eml`), decoded. */
export function parseMail(raw: string): Pick<ReceivedMail, 'subject' | 'headers' | 'text' | 'html'> {
  const { headers, body } = splitHeaderBody(raw);
  const found = { text: '', html: '' };
  collectParts(headers, body, found);
  return { subject: headers.subject ?? '', headers, ...found };
}

function collectParts(headers: Record<string, string>, body: string, found: { text: string; html: string }): void {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitHeaderBody(section.replace(/^\r?\n/, ''));
      collectParts(part.headers, part.body, found);
    }
    return;
  }
  if (type.startsWith('text/plain') && !found.text) found.text = decodeBody(headers, body).replace(/\r?\n$/, '');
  if (type.startsWith('text/html') && !found.html) found.html = decodeBody(headers, body).replace(/\r?\n$/, '');
}
