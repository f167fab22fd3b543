import type { Language } from '@shop/contract';
import { formatMoney } from '../../lib/format.js';
import { newPdf } from '../../lib/pdf.js';
import { groupedCode } from './codes.js';

/** What a printable gift card shows. */
export interface CardFace {
  code: string;
  amountCents: number;
  currency: string;
  recipientName: string;
  message: string | null;
  expiresAt: Date;
  lang: Language;
  /** Where it is spent (the shop's address). */
  shopUrl: string;
}

const INK = '#0f0e0d';
const BONE = '#f4f0e8';
const ACCENT = '#e3a9b2';
const MUTED = '#bdb5a8';

const WORDS = {
  en: { title: 'GIFT CARD', for: 'For', code: 'Code', until: 'Valid until', spend: 'Spend it on anything at' },
  bg: { title: 'ПОДАРЪЧНА КАРТА', for: 'За', code: 'Код', until: 'Валидна до', spend: 'Използвайте я за всичко в' },
} as const;

const day = (date: Date, lang: Language) =>
  new Intl.DateTimeFormat(lang === 'bg' ? 'bg-BG' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Sofia' }).format(
    date,
  );

/**
 * The recipient's printable card (the documents' PDF machinery and fonts): an A4 sheet with the
 * card in the shop's colours (ink, bone, the oxblood's light tone), the amount, the code grouped in
 * fours, the expiry and the message, to print and fold or give as it is.
 */
export async function giftCardPdf(card: CardFace): Promise<Buffer> {
  const words = WORDS[card.lang];
  const { pdf, done } = newPdf({ Title: words.title, Subject: `Atelier Noir · ${words.title}` });
  const x = 50;
  const y = 60;
  const width = pdf.page.width - 100;
  const height = 300;
  pdf.roundedRect(x, y, width, height, 14).fill(INK);
  pdf
    .fillColor(BONE)
    .font('bold')
    .fontSize(13)
    .text('ATELIER NOIR', x + 28, y + 28, { characterSpacing: 4 });
  pdf
    .fillColor(ACCENT)
    .font('text')
    .fontSize(10)
    .text(words.title, x + 28, y + 50, { characterSpacing: 3 });
  pdf
    .fillColor(BONE)
    .font('bold')
    .fontSize(40)
    .text(formatMoney(card.amountCents, card.currency, card.lang), x + 28, y + 90, { width: width - 56 });
  pdf
    .font('text')
    .fontSize(12)
    .fillColor(BONE)
    .text(`${words.for} ${card.recipientName}`, x + 28, y + 150, { width: width - 56 });
  pdf
    .fillColor(MUTED)
    .fontSize(9)
    .text(words.code, x + 28, y + 200);
  pdf
    .fillColor(BONE)
    .font('bold')
    .fontSize(20)
    .text(groupedCode(card.code), x + 28, y + 214, { characterSpacing: 2 });
  pdf
    .fillColor(MUTED)
    .font('text')
    .fontSize(9)
    .text(`${words.until} ${day(card.expiresAt, card.lang)}`, x + 28, y + 260);
  let below = y + height + 30;
  pdf.fillColor(INK);
  if (card.message) {
    pdf.font('text').fontSize(13).text(`"${card.message}"`, x, below, { width, align: 'center' });
    below = pdf.y + 20;
  }
  pdf.font('text').fontSize(10).text(`${words.spend} ${card.shopUrl}`, x, below, { width, align: 'center' });
  pdf.end();
  return done;
}
