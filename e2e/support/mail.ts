import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Decodes the MIME parts nodemailer writes (quoted-printable or base64, UTF-8). */
function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    try {
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    } catch {
      return bytes;
    }
  }
  return body;
}

/** RFC 2047 encoded words; the space between two adjacent ones is not part of the text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeURIComponent(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
    );
}

/**
 * The text and HTML of a MIME entity: a multipart one (alternative, or mixed with attachments
 * such as a sale document's PDF) is read part by part, nested ones included.
 */
function bodiesOf(head: string, body: string, found: { text: string; html: string }): void {
  const boundary = /content-type:\s*multipart\/[^;]+;[^]*?boundary="?([^";\s]+)"?/i.exec(head)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      bodiesOf(partHead.replace(/\r?\n[ \t]+/g, ' '), partBody.join('\n\n'), found);
    }
    return;
  }
  if (/content-type:\s*text\/plain/i.test(head) && !found.text) found.text = decodePart(head, body);
  if (/content-type:\s*text\/html/i.test(head) && !found.html) found.html = decodePart(head, body);
}

export function parseEml(file: string, raw: string): OutboxMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    decodeHeader(new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '');
  const found = { text: '', html: '' };
  bodiesOf(unfolded, rest.join('\n\n'), found);
  return { file, to: header('To'), subject: header('Subject'), ...found };
}

export function readOutbox(outboxDir: string): OutboxMail[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => parseEml(name, readFileSync(join(outboxDir, name), 'utf8')));
}

/** Waits for the newest mail to `to` (optionally matching `subject`), up to 10 s. */
export async function waitForMail(outboxDir: string, to: string, subject?: RegExp): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = readOutbox(outboxDir)
      .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(mail.subject)))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${outboxDir}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
