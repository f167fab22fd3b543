import { Encoder as Base64Encoder } from 'nodemailer/lib/base64';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import { Encoder as QpEncoder } from 'nodemailer/lib/qp';

/** What of a MimeNode the writer reads beyond its typed surface (nodemailer's own fields). */
interface NodeParts {
  content?: unknown;
  multipart?: unknown;
  boundary?: string;
  childNodes: MimeNode[];
  contentType?: string;
  _raw?: unknown;
  _transforms: unknown[];
  _processFuncs: unknown[];
  newline?: unknown;
  getTransferEncoding(): string | false;
}

/**
 * A message as nodemailer's composer writes it (the same tree, headers, boundaries and encoders),
 * written in one go instead of through a stream per part: `MimeNode.build()` streams each part,
 * and the streams cost more CPU than the encoding (decision 0092). A message the writer does not
 * know how to write in one go (content from a file, a URL or a stream; a raw part; a transform)
 * is built by nodemailer.
 */
export async function composeMessage(
  mail: ConstructorParameters<typeof MailComposer>[0],
): Promise<{ envelope: { from: string | false; to: string[] }; messageId: string; message: Buffer }> {
  const root = new MailComposer(mail).compile();
  const envelope = root.getEnvelope() as { from: string | false; to: string[] };
  return { envelope, messageId: root.messageId(), message: await writeMessage(root) };
}

/** The message of a compiled root node, byte for byte what its `build()` gives. */
export async function writeMessage(root: MimeNode): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return writeNode(root, chunks) ? Buffer.concat(withLastNewline(chunks)) : root.build();
}

/** Writes the node as MimeNode.stream does; false when it cannot without its streams. */
function writeNode(node: MimeNode, chunks: Buffer[]): boolean {
  const parts = node as unknown as NodeParts;
  if (parts._raw || parts._transforms.length > 0 || parts._processFuncs.length > 0 || parts.newline) return false;
  const { content } = parts;
  if (content && typeof content !== 'string' && !Buffer.isBuffer(content)) return false;
  chunks.push(Buffer.from(`${node.buildHeaders()}\r\n\r\n`));
  // After the headers, which set it: read from them, not found again in the content.
  const transferEncoding = parts.getTransferEncoding();
  if (content) {
    const body = typeof content === 'string' ? Buffer.from(content) : (content as Buffer);
    if (transferEncoding === 'base64') chunks.push(...encoded(new Base64Encoder({}), body));
    else if (transferEncoding === 'quoted-printable')
      // As nodemailer: outside of text a lone CR or LF is data, not a line break.
      chunks.push(...encoded(new QpEncoder({ binary: !/^text\//i.test(parts.contentType ?? '') }), body));
    else chunks.push(body);
  }
  if (!parts.multipart) return true;
  for (const [index, child] of parts.childNodes.entries()) {
    chunks.push(Buffer.from(`${index > 0 ? '\r\n' : ''}--${parts.boundary}\r\n`));
    if (!writeNode(child, chunks)) return false;
  }
  chunks.push(Buffer.from(`\r\n--${parts.boundary}--\r\n`));
  return true;
}

/**
 * The body through nodemailer's own encoder, given as one chunk as its stream gives it (the
 * encoders' output depends on nothing else), without the stream: what it pushes is collected.
 */
function encoded(encoder: QpEncoder | Base64Encoder, body: Buffer): Buffer[] {
  const out: Buffer[] = [];
  const collect = encoder as unknown as {
    push: (chunk: Buffer | string, encoding?: BufferEncoding) => boolean;
    _transform: (chunk: Buffer, encoding: string, done: (error?: Error | null) => void) => void;
    _flush: (done: (error?: Error | null) => void) => void;
  };
  collect.push = (chunk, encoding) => {
    out.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    return true;
  };
  let failed: Error | null | undefined;
  const done = (error?: Error | null) => void (failed ??= error);
  collect._transform(body, 'buffer', done);
  collect._flush(done);
  if (failed) throw failed;
  return out;
}

/** As nodemailer's LastNewline: the message ends with a line break. */
function withLastNewline(chunks: Buffer[]): Buffer[] {
  const last = chunks.findLast((chunk) => chunk.length > 0);
  const byte = last?.[last.length - 1];
  if (byte === 0x0d) chunks.push(Buffer.from('\n'));
  else if (byte !== 0x0a) chunks.push(Buffer.from('\r\n'));
  return chunks;
}
