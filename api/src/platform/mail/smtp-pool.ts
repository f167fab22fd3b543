import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { parseConnectionUrl } from 'nodemailer/lib/shared';

/** Messages handed to the SMTP server, each over one of a few open connections (decision 0032). */
export interface SmtpPool {
  send(envelope: { from: string; to: string[] }, message: Buffer): Promise<void>;
  close(): void;
}

/**
 * nodemailer's SMTP connection does the protocol (EHLO, STARTTLS, AUTH, the envelope, the data's
 * dot-stuffing); this keeps a few of them open and gives each message a free one. nodemailer's
 * own pool takes a mail object: `sendMail` compiles a tree around the raw message and streams it
 * through three streams before the connection's, which cost twice what the connection did
 * (decision 0098). Options are the URL's, read by nodemailer (`smtps:`, user and password, `tls.*`);
 * `maxConnections` (10 unless the URL says) and `maxMessages` (100) as nodemailer's pool; `pool=false`
 * closes each connection after its message.
 */
export function smtpPool(smtpUrl: string): SmtpPool {
  const options = parseConnectionUrl(smtpUrl) as ConstructorParameters<typeof SMTPConnection>[0] & {
    auth?: { user: string; pass: string };
    authMethod?: string;
    pool?: boolean;
    maxConnections?: number;
    maxMessages?: number;
  };
  const maxConnections = Number(options.maxConnections) || 10;
  const maxMessages = options.pool === false ? 1 : Number(options.maxMessages) || 100;
  const { auth } = options;

  interface Open {
    connection: SMTPConnection;
    messages: number;
    /** Closed, or broken: never given out again. */
    done: boolean;
    idle?: NodeJS.Timeout;
  }
  interface Waiting {
    resolve: (open: Open) => void;
    reject: (error: unknown) => void;
  }
  const idle: Open[] = [];
  const waiting: Waiting[] = [];
  let opened = 0;
  let closed = false;

  const retire = (open: Open) => {
    if (open.done) return;
    open.done = true;
    opened -= 1;
    clearTimeout(open.idle);
    const at = idle.indexOf(open);
    if (at >= 0) idle.splice(at, 1);
    open.connection.close();
    // A message waiting for a connection gets a new one in its place.
    const next = closed ? undefined : waiting.shift();
    if (next) connect().then(next.resolve, next.reject);
  };

  const connect = () =>
    new Promise<Open>((resolve, reject) => {
      opened += 1;
      const open: Open = { connection: new SMTPConnection(options), messages: 0, done: false };
      let settled = false;
      const settle = (error?: Error | null) => {
        if (error) retire(open);
        if (settled) return;
        settled = true;
        if (error) reject(error);
        else resolve(open);
      };
      // A server that drops an idle connection, a socket error: that connection is given out no more.
      open.connection.on('error', settle);
      // After the callback under way, if any: its error (a refused login) says more.
      open.connection.once('end', () => setImmediate(() => settle(new Error('the SMTP server closed the connection'))));
      open.connection.connect((error) => {
        if (error) settle(error);
        else if (auth && (auth.user || auth.pass) && open.connection.allowsAuth)
          open.connection.login(
            { user: auth.user, pass: auth.pass, ...(options.authMethod ? { method: options.authMethod } : {}) },
            (failed) => settle(failed),
          );
        else settle();
      });
    });

  const take = (): Promise<Open> => {
    const open = idle.pop();
    if (open) {
      clearTimeout(open.idle);
      return Promise.resolve(open);
    }
    if (opened < maxConnections) return connect();
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };

  const release = (open: Open) => {
    if (open.done) return;
    if (closed || open.messages >= maxMessages) return retire(open);
    const next = waiting.shift();
    if (next) return next.resolve(open);
    // Closed by us before a server would close it idle (RFC 5321 asks servers to wait 5 minutes).
    open.idle = setTimeout(() => retire(open), 4 * 60_000);
    open.idle.unref();
    idle.push(open);
  };

  const sendOver = (open: Open, envelope: { from: string; to: string[] }, message: Buffer) =>
    new Promise<void>((resolve, reject) => {
      open.messages += 1;
      // Resolved in the turn after the callback, as nodemailer's pool releases a connection: the
      // connection ends its message's data stream after it calls back, and a message sent over
      // it before that mixed the two messages' answers up (seen under load).
      open.connection.send(envelope, message, (error) => setImmediate(() => (error ? reject(error) : resolve())));
    });

  return {
    async send(envelope, message) {
      if (closed) throw new Error('the SMTP pool is closed');
      const open = await take();
      try {
        await sendOver(open, envelope, message);
        release(open);
      } catch (error) {
        const reused = open.messages > 1;
        // Whatever the server refused, the connection is not trusted for the next message.
        retire(open);
        // A connection the server had closed meanwhile fails before the message: once more on a new one.
        if (!reused || !lostConnection(error)) throw error;
        const fresh = await connect();
        try {
          await sendOver(fresh, envelope, message);
          release(fresh);
        } catch (again) {
          retire(fresh);
          throw again;
        }
      }
    },
    close() {
      closed = true;
      for (const next of waiting.splice(0)) next.reject(new Error('the SMTP pool is closed'));
      for (const open of [...idle]) retire(open);
    },
  };
}

/** An error that ended the connection rather than refused the message (nodemailer's isTransientError). */
function lostConnection(error: unknown): boolean {
  const { code, responseCode } = error as SMTPConnection.SMTPError;
  return responseCode === 421 || code === 'ECONNECTION' || code === 'ESOCKET' || code === 'ETIMEDOUT';
}
