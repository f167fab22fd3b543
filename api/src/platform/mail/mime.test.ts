import { PassThrough } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { composeMessage, writeMessage } from './mime.js';

type MailOptions = ConstructorParameters<typeof MailComposer>[0];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const long = 'A line longer than a mail line may be, so that it is wrapped with a soft break: '.repeat(3);
/** The shapes the shop's mails take: text and HTML in both languages, inline images, documents, list headers. */
const MAILS: Record<string, MailOptions> = {
  'a short ASCII text': { from: 'shop@atelier.test', to: 'ana@example.test', subject: 'Hi', text: 'Hello.' },
  'an order confirmation in Bulgarian, with its QR code': {
    from: 'Atelier Noir <shop@atelier.test>',
    to: 'ана@example.test',
    replyTo: 'owner@atelier.test',
    subject: 'Поръчка AN-1001 в Atelier Noir е потвърдена',
    text: `Здравейте, Ана,\n\n  1 × Палто (черно, M)  120,00 лв.\n${long}\n.a line that starts with a dot\ntrailing spaces   \n`,
    html: `<p style="margin:0">Здравейте, Ана,</p>\n<img src="cid:qr@atelier">${'<td>€ 12,00</td>'.repeat(40)}`,
    attachments: [{ filename: 'legal-guarantee-qr.png', content: PNG, contentType: 'image/png', cid: 'qr@atelier' }],
  },
  'a sale document with a list header': {
    from: 'shop@atelier.test',
    to: 'ana@example.test',
    subject: 'Your sale document',
    text: `Line one\r\nline two\rlone CR\n${long}`,
    html: '<p>Attached.</p>',
    headers: {
      'List-Unsubscribe': '<https://shop.test/unsubscribe?t=1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: '<campaign-7-ana@atelier.test>',
    attachments: [
      {
        filename: 'sale-document.pdf',
        content: Buffer.from(`%PDF-1.4\r\n${'\u0000\r\u00ff'.repeat(300)}`),
        contentType: 'application/pdf',
      },
      { filename: 'qr.png', content: PNG, contentType: 'image/png', cid: 'qr@atelier' },
    ],
  },
};

describe('a message written in one go', () => {
  for (const [name, mail] of Object.entries(MAILS)) {
    it(`is what nodemailer builds of the same tree: ${name}`, async () => {
      const root = new MailComposer(mail).compile();
      const built = await root.build();
      expect((await writeMessage(root)).toString('latin1')).toBe(built.toString('latin1'));
    });
  }

  it('leaves a part it cannot write in one go (a stream) to nodemailer', async () => {
    const content = new PassThrough();
    content.end('streamed');
    const mail = { ...MAILS['a short ASCII text'], attachments: [{ filename: 'a.txt', content }] };
    expect((await composeMessage(mail)).message.toString()).toContain(
      'Content-Disposition: attachment; filename=a.txt',
    );
  });

  it('names the envelope nodemailer derives from its addresses', async () => {
    const { envelope } = await composeMessage(MAILS['an order confirmation in Bulgarian, with its QR code']);
    expect(envelope).toEqual({ from: 'shop@atelier.test', to: ['ана@example.test'] });
  });
});
