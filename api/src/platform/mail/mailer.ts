import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { outsideTransactions } from '../../db/transaction-scope.js';
import { SingleFlight } from '../cache/single-flight.js';
import { writeKnownMessage } from './message-writer.js';
import { composeMessage } from './mime.js';
import { smtpPool, type SmtpPool } from './smtp-pool.js';

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
      ? smtpMailer(smtpPool(options.smtpUrl), options.from)
      : outboxMailer(join(options.dataDir, 'outbox'), options.from, options.log, options.logDevNotes);
  const mailer = options.replyTo ? withReplyTo(transport, options.replyTo) : transport;
  // Mail leaves the process: never from inside a transaction (effects run after commit).
  return outsideTransactions('mailer', mailer);
}

/**
 * Each mail is written into one buffer (decision 0092): the shop's mail shapes without nodemailer's
 * tree (message-writer.ts), others by nodemailer's composer (mime.ts); and handed to one of the
 * pool's open SMTP connections as it is (smtp-pool.ts, decision 0098).
 */
function smtpMailer(pool: SmtpPool, from: string): Mailer {
  return {
    kind: 'smtp',
    async send({ to, subject, text, html, replyTo, attachments, headers, messageId }) {
      const { envelope, message } =
        writeKnownMessage({ from, to, subject, text, html, replyTo, attachments, headers, messageId }) ??
        (await composeMessage({
          from,
          to,
          subject,
          text,
          html,
          attachments,
          ...(replyTo ? { replyTo } : {}),
          ...(headers ? { headers } : {}),
          ...(messageId ? { messageId } : {}),
        }));
      await pool.send({ from: envelope.from || '', to: envelope.to }, message);
    },
    close: () => pool.close(),
  };
}

function outboxMailer(dir: string, from: string, log: FastifyBaseLogger, logDevNotes: boolean): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send({ to, subject, text, html, replyTo, devNote, attachments, headers, messageId }) {
      const info = await transport.sendMail({
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
