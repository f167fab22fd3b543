import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { outsideTransactions } from '../../db/transaction-scope.js';
import { SingleFlight } from '../cache/single-flight.js';
import { writeKnownMessage } from './message-writer.js';
import { composeMessage } from './mime.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Where a reply goes: the seller's address on every mail to a shopper (so that a reply reaches a
   * person, not the sending address); the shopper's on a mail to the owner about their order.
   */
  replyTo?: string | undefined;
  /**
   * What a developer needs from this mail (a code, a link). Logged only by the outbox outside
   * production; never when real SMTP delivers the mail, nor by a production outbox (MAIL=outbox),
   * whose log may be shipped anywhere while the code still signs someone in.
   */
  devNote?: string;
  /**
   * Files sent with it (a sale document's PDF); one with a `cid` is an image its HTML shows
   * (`<img src="cid:…">`: the legal-guarantee notice's QR code).
   */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[] | undefined;
  /**
   * Extra headers: every marketing mail's `List-Unsubscribe` and `List-Unsubscribe-Post`
   * (RFC 2369, RFC 8058; modules/newsletter/marketing.ts).
   */
  headers?: Record<string, string> | undefined;
  /**
   * Its `Message-ID` (`<…@domain>`), when the same mail sent again must carry the same one (a
   * campaign's mail resent after its worker died: the receiving side keeps one); otherwise a new one.
   */
  messageId?: string | undefined;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Real SMTP (`MAIL=smtp`, SMTP_URL); otherwise one .eml file per message in DATA_DIR/outbox. */
export function createMailer(options: {
  kind: Mailer['kind'];
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Whether the outbox echoes each mail's devNote (a sign-up code, a reset link) to the log. */
  logDevNotes: boolean;
  /** The `Reply-To` of mails that name none (withReplyTo). */
  replyTo?: () => Promise<string>;
}): Mailer {
  const transport =
    options.kind === 'smtp' && options.smtpUrl
      ? smtpMailer(nodemailer.createTransport(pooled(options.smtpUrl)), options.from)
      : outboxMailer(join(options.dataDir, 'outbox'), options.from, options.log, options.logDevNotes);
  const mailer = options.replyTo ? withReplyTo(transport, options.replyTo) : transport;
  // Mail leaves the process: never from inside a transaction (effects run after commit).
  return outsideTransactions('mailer', mailer);
}

/**
 * The SMTP URL with a pool of connections, unless it says otherwise: the outbox sends many mails
 * at once (decision 0032), and a connection per mail costs a handshake each (and a TLS one on smtps).
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  // Ten at once (nodemailer's default is five): a burst of orders is mailed within the second.
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '10');
  return url.toString();
}

/** A mail as nodemailer takes it: the optional parts only when given. */
const nodemailerOptions = (
  from: string,
  { to, subject, text, html, replyTo, attachments, headers, messageId }: Mail,
) => ({
  from,
  to,
  subject,
  text,
  html,
  attachments,
  ...(replyTo ? { replyTo } : {}),
  ...(headers ? { headers } : {}),
  ...(messageId ? { messageId } : {}),
});

/**
 * Each mail is written into one buffer and handed to the pool as that: `sendMail` would stream it
 * to the socket as it builds it, a write per piece of each part (decision 0092). The shop's mail
 * shapes are written without nodemailer's tree (message-writer.ts, decision 0098); others by
 * nodemailer's composer (mime.ts). The Message-ID is given with the raw message, or nodemailer
 * would make one for its log (random bytes and an address parse per mail).
 */
function smtpMailer(transport: Transporter, from: string): Mailer {
  return {
    kind: 'smtp',
    async send(mail) {
      const { to, subject, text, html, replyTo, attachments, headers, messageId } = mail;
      const {
        envelope,
        message,
        messageId: id,
      } = writeKnownMessage({ from, to, subject, text, html, replyTo, attachments, headers, messageId }) ??
      (await composeMessage(nodemailerOptions(from, mail)));
      await transport.sendMail({
        envelope: { from: envelope.from || undefined, to: envelope.to },
        raw: message,
        messageId: id,
      });
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, from: string, log: FastifyBaseLogger, logDevNotes: boolean): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const { to, subject, devNote } = mail;
      const info = await transport.sendMail(nodemailerOptions(from, mail));
      // Only the shop's user may read them: a reset link opens the account (whatever the umask).
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const note = logDevNotes && devNote ? `: ${devNote}` : '';
      // `outbox`: a terminal log frames these lines (platform/logging/terminal.ts).
      log.info({ to, subject, file, outbox: true }, `mail written to the outbox${note}`);
    },
    close: () => transport.close(),
  };
}

/**
 * A mailer whose mails without a `replyTo` take the one `replyTo()` answers at the time of sending
 * (the seller's address from the settings: app.ts), or none when it answers ''. Mails sent at once
 * (the outbox's group of order mails) share the call under way: one read, not one each.
 */
export function withReplyTo(mailer: Mailer, replyTo: () => Promise<string>): Mailer {
  const calls = new SingleFlight<'replyTo', string>();
  return {
    kind: mailer.kind,
    async send(mail) {
      await mailer.send(
        mail.replyTo === undefined ? { ...mail, replyTo: (await calls.run('replyTo', replyTo)) || undefined } : mail,
      );
    },
    close: () => mailer.close(),
  };
}
