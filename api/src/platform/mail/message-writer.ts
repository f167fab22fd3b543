import { randomBytes } from 'node:crypto';
import { Encoder as Base64Encoder } from 'nodemailer/lib/base64';
import { buildHeaderValue, foldLines, hasLongerLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import { Encoder as QpEncoder, wrap } from 'nodemailer/lib/qp';

/** A mail as the shop's mailers hand it over (mailer.ts), with its sender. */
export interface MessageInput {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | undefined;
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string | undefined }[] | undefined;
  headers?: Record<string, string> | undefined;
  messageId?: string | undefined;
}

export interface WrittenMessage {
  envelope: { from: string | false; to: string[] };
  messageId: string;
  /** With CRLF line breaks throughout: what the SMTP data stream would make of nodemailer's bare LFs. */
  message: Buffer;
}

/*
 * The shop's mails written straight into a string, as nodemailer's composer writes the same mail
 * (decision 0098): the same headers in the same order, the same boundaries, the same encoders.
 * Building nodemailer's tree cost more than a millisecond a mail (address parsing run again for
 * every header and for the envelope, a header key normalised by regular expressions at every
 * read, four calls for random bytes for a Message-ID), most of an order mail's CPU. Only the
 * shapes the shop sends are written here: a text and an HTML part, Buffer attachments, plain
 * addresses and the list headers; `writeKnownMessage` answers undefined for anything else, which
 * nodemailer builds (mime.ts). `message-writer.test.ts` holds it byte for byte to nodemailer.
 */

/** nodemailer's encoders of header values, without a node's state (its own method, used as is). */
const headerEncoder = new MimeNode() as unknown as { encodeHeaderValue(key: string, value: string): string };

/**
 * An address nodemailer writes as it is and takes as the envelope's: an ASCII dot-atom before a
 * lower-case host name (no label with a double hyphen, which the IDNA step might read). Others
 * (a name with it, Unicode, upper case in the domain) are parsed by nodemailer.
 */
const PLAIN_ADDRESS = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*@[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

/** The extra headers written here (marketing mail's list headers); any other goes to nodemailer. */
const KNOWN_HEADERS = new Set(['List-Unsubscribe', 'List-Unsubscribe-Post']);

/** The sender's header and envelope address, by the configured `from` (one in practice). */
const senders = new Map<string, { header: string; envelope: string | false }>();
function sender(from: string) {
  let found = senders.get(from);
  if (!found) {
    const node = new MimeNode();
    node.setHeader('From', from);
    found = { header: headerEncoder.encodeHeaderValue('From', from), envelope: node.getEnvelope().from };
    if (senders.size > 16) senders.clear();
    senders.set(from, found);
  }
  return found;
}

/** What nodemailer's Content-Type/Content-Transfer-Encoding headers say of a text part. */
const TEXT_TYPES = { plain: 'text/plain; charset=utf-8', html: 'text/html; charset=utf-8' } as const;

/**
 * The transfer encoding nodemailer picks for a text part (MimeNode.getTransferEncoding): 7bit for
 * ASCII with short lines, else quoted-printable when Latin letters outnumber the rest, else base64.
 */
function textEncoding(content: string): '7bit' | 'quoted-printable' | 'base64' {
  if (isPlainText(content) && !hasLongerLines(content, 76)) return '7bit';
  let nonLatin = 0;
  let latin = 0;
  for (let index = 0; index < content.length; index += 1) {
    const code = content.charCodeAt(index);
    if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80) nonLatin += 1;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin += 1;
  }
  return nonLatin < latin ? 'quoted-printable' : 'base64';
}

/** The body through nodemailer's own encoder, given as one chunk as its stream gives it (mime.ts). */
function encode(encoder: QpEncoder | Base64Encoder, body: Buffer): string {
  let out = '';
  const collect = encoder as unknown as {
    push: (chunk: Buffer | string) => boolean;
    _transform: (chunk: Buffer, encoding: string, done: (error?: Error | null) => void) => void;
    _flush: (done: (error?: Error | null) => void) => void;
  };
  collect.push = (chunk) => {
    out += typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    return true;
  };
  let failed: Error | null | undefined;
  const done = (error?: Error | null) => void (failed ??= error);
  collect._transform(body, 'buffer', done);
  collect._flush(done);
  if (failed) throw failed;
  return out;
}

/** A byte as quoted-printable writes it, and a character's UTF-8 bytes so (kept: few differ). */
const HEX = '0123456789ABCDEF';
const escapeByte = (byte: number) => `=${HEX[byte >> 4]}${HEX[byte & 15]}`;
const ASCII_ESCAPES = Array.from({ length: 0x80 }, (_, byte) => escapeByte(byte));
const utf8Escapes = new Map<string, string>();
function escapeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  if (character.length === 1 && code < 0x80) return ASCII_ESCAPES[code]!;
  let escaped = utf8Escapes.get(character);
  if (escaped === undefined) {
    escaped = '';
    for (const byte of Buffer.from(character)) escaped += escapeByte(byte);
    if (utf8Escapes.size < 4096) utf8Escapes.set(character, escaped);
  }
  return escaped;
}
/**
 * What nodemailer's quoted-printable encoder writes as `=XX` in a text part: a byte outside the
 * printable ASCII (tab, CR and LF kept), `=`, and a space or tab that ends a line or the text
 * (a surrogate pair is one character, four bytes).
 */
const QP_ESCAPED = /[\ud800-\udbff][\udc00-\udfff]|[^\t\n\r\x20-\x3c\x3e-\x7e]|[ \t](?=[\r\n]|$)/g;

/**
 * A text part's quoted-printable body: nodemailer's encoder, given the text in one chunk, writes
 * `wrap(encode(text))` when the text ends in no space or tab (which it holds back) and fits its
 * 64 KiB slice; the escaping is done here on the string, in half its time. Else its encoder.
 */
export function quotedPrintable(content: string): string {
  if (content.length * 3 < 64 * 1024 && !/[ \t]$/.test(content))
    return wrap(content.replace(QP_ESCAPED, escapeCharacter), 76);
  return encode(new QpEncoder({ binary: false }), Buffer.from(content));
}

function textPart(type: keyof typeof TEXT_TYPES, content: string): string {
  const encoding = textEncoding(content);
  const body =
    encoding === '7bit'
      ? content
      : encoding === 'base64'
        ? encode(new Base64Encoder({}), Buffer.from(content))
        : quotedPrintable(content);
  return `Content-Type: ${TEXT_TYPES[type]}\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}`;
}

type Attachment = NonNullable<MessageInput['attachments']>[number];

/**
 * An attachment's part (headers and base64 body) depends on nothing but the attachment: kept by
 * its content's Buffer (the guarantee notice's QR code is one Buffer per language), so that its
 * base64 is written once. A Buffer changed after it was sent would be sent as it was: the shop's
 * attachments are built per mail or cached, never changed.
 */
const attachmentParts = new WeakMap<Buffer, Map<string, string>>();
function attachmentPart(attachment: Attachment): string {
  const key = `${attachment.filename}\n${attachment.contentType}\n${attachment.cid ?? ''}`;
  let parts = attachmentParts.get(attachment.content);
  const found = parts?.get(key);
  if (found !== undefined) return found;
  // Built as MailComposer's _createContentNode builds it (a child: a root would add its own
  // headers), and written as its stream writes it.
  const node = new MimeNode('multipart/mixed').createChild(attachment.contentType, { filename: attachment.filename });
  if (attachment.cid) node.setHeader('Content-Id', `<${attachment.cid.replace(/[<>]/g, '')}>`);
  node.setHeader('Content-Transfer-Encoding', 'base64');
  node.setHeader(
    'Content-Disposition',
    /^image\//i.test(attachment.contentType) && attachment.cid ? 'inline' : 'attachment',
  );
  node.setContent(attachment.content);
  const part = `${node.buildHeaders()}\r\n\r\n${encode(new Base64Encoder({}), attachment.content)}`;
  if (!parts) attachmentParts.set(attachment.content, (parts = new Map()));
  parts.set(key, part);
  return part;
}

/** A multipart part: its headers, then its parts between its boundary lines (MimeNode.stream). */
function multipart(type: string, boundary: string, parts: string[], root = ''): string {
  const params: Record<string, string> = type === 'multipart/related' ? { type: 'text/html', boundary } : { boundary };
  const structured = { value: type, params };
  let out = `${root}${foldLines(`Content-Type: ${buildHeaderValue(structured)}`, 76)}\r\n\r\n`;
  parts.forEach((part, index) => {
    out += `${index > 0 ? '\r\n' : ''}--${boundary}\r\n${part}`;
  });
  return `${out}\r\n--${boundary}--\r\n`;
}

/** Whether an attachment is one this writer writes as nodemailer does (a Buffer, a type, a plain name). */
const knownAttachment = (attachment: Attachment) =>
  Buffer.isBuffer(attachment.content) &&
  typeof attachment.filename === 'string' &&
  /^[A-Za-z0-9._-]+$/.test(attachment.filename) &&
  typeof attachment.contentType === 'string' &&
  /^[a-z]+\/[a-z0-9.+-]+$/.test(attachment.contentType) &&
  !/^(message|multipart|text)\//.test(attachment.contentType) &&
  (attachment.cid === undefined || /^[A-Za-z0-9._@-]+$/.test(attachment.cid));

/**
 * The message nodemailer's composer would write of `mail`, or undefined when it is not of a shape
 * written here. Its Message-ID and boundary are random as nodemailer's are (the same form).
 */
export function writeKnownMessage(mail: MessageInput): WrittenMessage | undefined {
  const { to, replyTo, subject, text, html } = mail;
  const attachments = mail.attachments ?? [];
  const headers = Object.entries(mail.headers ?? {});
  if (
    !PLAIN_ADDRESS.test(to) ||
    (replyTo && !PLAIN_ADDRESS.test(replyTo)) ||
    !subject?.trim() ||
    typeof text !== 'string' ||
    typeof html !== 'string' ||
    !text ||
    !html ||
    !attachments.every(knownAttachment) ||
    !headers.every(([key, value]) => KNOWN_HEADERS.has(key) && typeof value === 'string' && value.trim() !== '') ||
    (mail.messageId !== undefined && !/^<[\x21-\x3b\x3d\x3f-\x7e]+>$/.test(mail.messageId))
  )
    return undefined;
  const from = sender(mail.from);
  if (!from.envelope) return undefined;

  // One call for the random bytes (nodemailer makes five for the Message-ID, one per node for
  // boundaries): uniform bytes either way, in the same hex form.
  const random = randomBytes(26).toString('hex');
  const messageId =
    mail.messageId ??
    `<${random.slice(0, 8)}-${random.slice(8, 12)}-${random.slice(12, 16)}-${random.slice(16, 20)}-${random.slice(20, 32)}@${from.envelope.split('@').pop()}>`;
  const base = `--_NmP-${random.slice(36, 52)}-Part_`;

  // The parts, numbered in the order MailComposer creates them (a boundary ends with its number).
  const related = attachments.filter((attachment) => attachment.cid);
  const attached = attachments.filter((attachment) => !attachment.cid);
  let id = 0;
  const mixedId = attached.length > 0 ? ++id : 0;
  const alternativeId = ++id;
  ++id; // the text part
  const relatedId = related.length > 0 ? ++id : 0;
  const rootHeaders =
    [
      ...headers.map(([key, value]) => foldLines(`${key}: ${headerEncoder.encodeHeaderValue(key, value)}`, 76)),
      foldLines(`From: ${from.header}`, 76),
      foldLines(`To: ${to}`, 76),
      ...(replyTo ? [foldLines(`Reply-To: ${replyTo}`, 76)] : []),
      foldLines(`Subject: ${headerEncoder.encodeHeaderValue('Subject', subject)}`, 76),
      foldLines(`Message-ID: ${messageId}`, 76),
      `Date: ${new Date().toUTCString().replace(/GMT/, '+0000')}`,
      'MIME-Version: 1.0',
    ].join('\r\n') + '\r\n';
  const htmlPart = textPart('html', html);
  const alternativeParts = [
    textPart('plain', text),
    relatedId ? multipart('multipart/related', base + relatedId, [htmlPart, ...related.map(attachmentPart)]) : htmlPart,
  ];
  const message = mixedId
    ? multipart(
        'multipart/mixed',
        base + mixedId,
        [multipart('multipart/alternative', base + alternativeId, alternativeParts), ...attached.map(attachmentPart)],
        rootHeaders,
      )
    : multipart('multipart/alternative', base + alternativeId, alternativeParts, rootHeaders);
  return {
    envelope: { from: from.envelope, to: [to] },
    messageId,
    // All of it ASCII (non-ASCII text is encoded). The SMTP data stream turns every bare LF or CR
    // into CRLF; done here in one pass instead of a slice per line there: the same bytes sent.
    message: Buffer.from(message.replace(/\r\n|\r|\n/g, '\r\n'), 'latin1'),
  };
}
