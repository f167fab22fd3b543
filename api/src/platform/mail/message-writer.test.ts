import MailComposer from 'nodemailer/lib/mail-composer';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { Encoder as QpEncoder } from 'nodemailer/lib/qp';
import { quotedPrintable, writeKnownMessage, type MessageInput } from './message-writer.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(`%PDF-1.4\r\n${'\u0000\r\u00ff'.repeat(300)}`);
const FROM = 'Atelier Noir <no-reply@atelier-noir.local>';
const long = 'A line longer than a mail line may be, so that it is wrapped with a soft break: '.repeat(3);
const rows = (cell: string) => `<table>${`<tr><td style="padding:6px 0">${cell}</td></tr>`.repeat(30)}</table>`;

/** The shop's mail shapes: order mails in both languages, the owner's notice, documents, campaigns. */
const MAILS: Record<string, Omit<MessageInput, 'from'>> = {
  'a short ASCII mail (7bit parts)': {
    to: 'ana@example.test',
    subject: 'Hi',
    text: 'Hello.\nSee you.',
    html: '<p>Hello.</p>',
  },
  'an English confirmation with its QR code': {
    to: 'shopper-mx2giny222@example.com',
    replyTo: 'owner@atelier.test',
    subject: 'Your Atelier Noir order 06137C15E589 is confirmed',
    text: `Hello Test Shopper,\n\n  1 × Test Hoodie (Onyx, XS)  $20.49\n${long}\n.a line that starts with a dot\ntrailing spaces   \n\nEnd.`,
    html: `<!doctype html><html lang="en"><body>\n<p style="">Hello,</p>\n${rows('1 × Hoodie $20.49')}\n<img src="cid:legal-guarantee-qr@atelier-noir"></body></html>`,
    attachments: [
      {
        filename: 'legal-guarantee-qr.png',
        content: PNG,
        contentType: 'image/png',
        cid: 'legal-guarantee-qr@atelier-noir',
      },
    ],
  },
  'a Bulgarian confirmation (base64 parts, a folded subject)': {
    to: 'ana.petrova+shop@example.co.uk',
    replyTo: 'owner@atelier.test',
    subject: 'Поръчка 06137C15E589 в Atelier Noir е потвърдена, благодарим ви за покупката в магазина',
    text: `Здравейте, Ана,\n\nБлагодарим ви за поръчката. Тя е потвърдена: плащате в брой на куриера при доставка.\n${'Междинна сума: 61,40 лв.\n'.repeat(20)}`,
    html: `<p>Здравейте, Ана,</p>\r\n${rows('Доставка до офис на куриер')}`,
    attachments: [
      {
        filename: 'legal-guarantee-qr.png',
        content: PNG,
        contentType: 'image/png',
        cid: 'legal-guarantee-qr@atelier-noir',
      },
    ],
  },
  'a delivery with its sale document and the QR code': {
    to: 'ana@example.test',
    replyTo: 'owner@atelier.test',
    subject: 'Your Atelier Noir order AN-1001 was delivered',
    text: `Line one\r\nline two\rlone CR\n${long}\n.\n..two dots`,
    html: '<p>Attached.</p>\n<p>.dot</p>',
    attachments: [
      { filename: 'sale-document-0000000042.pdf', content: PDF, contentType: 'application/pdf' },
      {
        filename: 'legal-guarantee-qr.png',
        content: PNG,
        contentType: 'image/png',
        cid: 'legal-guarantee-qr@atelier-noir',
      },
    ],
  },
  'two documents, no image': {
    to: 'ana@example.test',
    subject: 'Your documents',
    text: 'Attached: two documents.',
    html: '<p>Attached: two documents.</p>',
    attachments: [
      { filename: 'a.pdf', content: PDF, contentType: 'application/pdf' },
      { filename: 'b.pdf', content: PDF.subarray(0, 100), contentType: 'application/pdf' },
    ],
  },
  'the owner’s notice, in both languages': {
    to: 'owner@atelier.test',
    replyTo: 'shopper-mx2gjktb21@example.com',
    subject: 'Нова поръчка 2BE5DFABA98A · New order 2BE5DFABA98A',
    text: `ATELIER NOIR\n\nНова поръчка · New order\n\nA new order 2BE5DFABA98A of $69.73, cash on delivery, from Test Shopper <shopper@example.com>.\n${long}`,
    html: `<!doctype html>\n<html lang="bg">\n${rows('1 × Тестов суитшърт (Onyx, XS) and some English words too')}`,
  },
  'a campaign with list headers and its own Message-ID': {
    to: 'ana@example.test',
    subject: 'New in: the winter coats — 20 % off',
    text: `Winter is here.\n${long}`,
    html: `<p>Winter is here.</p>${rows('Coat €120')}`,
    headers: {
      'List-Unsubscribe': `<https://shop.test/api/newsletter/unsubscribe?token=${'a1b2c3d4'.repeat(12)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: '<campaign-7-ana@atelier-noir.local>',
  },
};

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

/** What the SMTP server receives of a message handed over as it is. */
async function received(message: Buffer, to: string): Promise<string> {
  const transport = nodemailer.createTransport(smtp.url);
  try {
    const before = smtp.messages.length;
    await transport.sendMail({ envelope: { from: 'no-reply@atelier-noir.local', to: [to] }, raw: message });
    return smtp.messages[before]!.raw;
  } finally {
    transport.close();
  }
}

describe('a shop mail written without nodemailer’s tree', () => {
  for (const [name, mail] of Object.entries(MAILS)) {
    it(`reaches the server byte for byte as nodemailer's of the same mail: ${name}`, async () => {
      const written = writeKnownMessage({ from: FROM, ...mail })!;
      expect(written).toBeDefined();
      const text = written.message.toString('latin1');
      // nodemailer given the random values this message took (its boundary, Message-ID and date).
      const composer = new MailComposer({
        from: FROM,
        ...mail,
        baseBoundary: /boundary="--_NmP-([0-9a-f]{16})-Part_1"/.exec(text)![1],
        messageId: /^Message-ID: (<[^>]+>)\r$/m.exec(text)![1],
        date: /^Date: (.+)\r$/m.exec(text)![1],
      }).compile();
      const built = await composer.build();
      expect(await received(written.message, mail.to)).toBe(await received(built, mail.to));
      expect(written.envelope).toEqual(composer.getEnvelope());
      expect(written.messageId).toBe(composer.messageId());
    });
  }

  it('writes a text as nodemailer’s quoted-printable stream does, whatever its characters and length', async () => {
    /** nodemailer's encoder as its message stream uses it: the text's bytes in one chunk. */
    const streamed = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const encoder = new QpEncoder({ binary: false });
        const chunks: Buffer[] = [];
        encoder.on('data', (chunk: Buffer) => chunks.push(chunk));
        encoder.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
        encoder.on('error', reject);
        encoder.end(Buffer.from(text));
      });
    const alphabet = [
      'a',
      'Z',
      ' ',
      ' ',
      '\t',
      '\n',
      '\r',
      '=',
      '.',
      'é',
      'Ж',
      '×',
      '€',
      '😀',
      '\ud83d',
      '\ude00',
      '\u0000',
      '\u007f',
      'word ',
    ];
    let seed = 44;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const texts = Array.from({ length: 3000 }, (_, index) => {
      const length = index % 100 === 0 ? 30_000 : Math.floor(next() * 300);
      let text = '';
      for (let at = 0; at < length; at += 1) text += alphabet[Math.floor(next() * alphabet.length)];
      return text;
    });
    for (const text of texts)
      expect(quotedPrintable(text), JSON.stringify(text.slice(0, 200))).toBe(await streamed(text));
  });

  it('covers the three encodings of a text part', () => {
    const written = Object.values(MAILS).map((mail) => writeKnownMessage({ from: FROM, ...mail })!.message.toString());
    for (const encoding of ['7bit', 'quoted-printable', 'base64'])
      expect(
        written.some((message) =>
          message.includes(`text/html; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}`),
        ),
      ).toBe(true);
  });

  it('takes a Message-ID and a boundary of nodemailer’s form, new for each mail', () => {
    const [first, second] = [1, 2].map(() =>
      writeKnownMessage({ from: FROM, ...MAILS['a short ASCII mail (7bit parts)']! })!,
    );
    expect(first!.messageId).toMatch(
      /^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@atelier-noir\.local>$/,
    );
    expect(first!.message.toString()).toMatch(/boundary="--_NmP-[0-9a-f]{16}-Part_1"/);
    expect(second!.messageId).not.toBe(first!.messageId);
  });

  it('leaves to nodemailer what it does not write: names, Unicode, other headers, a streamed file', () => {
    const mail = { from: FROM, ...MAILS['a short ASCII mail (7bit parts)']! };
    expect(writeKnownMessage({ ...mail, to: 'Ana <ana@example.test>' })).toBeUndefined();
    expect(writeKnownMessage({ ...mail, to: 'ана@example.test' })).toBeUndefined();
    expect(writeKnownMessage({ ...mail, to: 'ana@Example.test' })).toBeUndefined();
    expect(writeKnownMessage({ ...mail, replyTo: 'ana@xn--80a.test' })).toBeUndefined();
    expect(writeKnownMessage({ ...mail, headers: { 'X-Campaign': '7' } })).toBeUndefined();
    expect(writeKnownMessage({ ...mail, text: '' })).toBeUndefined();
    expect(
      writeKnownMessage({
        ...mail,
        attachments: [{ filename: 'договор.pdf', content: PDF, contentType: 'application/pdf' }],
      }),
    ).toBeUndefined();
  });
});
