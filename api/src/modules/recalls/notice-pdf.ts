import type { Language, Recall } from '@shop/contract';
import type { Db } from '../../db/client.js';
import { newPdf } from '../../lib/pdf.js';
import { storedImageAsJpeg } from '../../platform/files/images.js';

/** The template's red (Implementing Regulation (EU) 2024/1435: the heading "Product safety recall" in red). */
const RED = '#c00000';
const GREY = '#555555';

const dayIn = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(lang === 'bg' ? 'bg-BG' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Sofia' }).format(
    new Date(iso),
  );

/** The notice's words in each language, in the template's order. */
const WORDS = {
  bg: {
    heading: 'Изземване на продукт от съображения за безопасност',
    closed: (date: string) => `Изземването е приключено на ${date}.`,
    product: 'Продукт',
    hazard: 'Опасност',
    action: 'Какво трябва да направите',
    contact: 'За връзка',
    brand: (name: string, brand: string) => `${name}, марка ${brand}`,
    identifier: (code: string) => `Идентификационен номер (модел): ${code}`,
    all: 'Засегнати са всички цветове и размери.',
    some: (list: string) => `Засегнати цветове и размери: ${list}.`,
    sold: (seller: string, from: string, to: string) => `Продаван от ${seller} на този уебсайт от ${from} до ${to}.`,
    soldHere: (seller: string) => `Продаван от ${seller} на този уебсайт.`,
    stop: 'Спрете да използвате продукта веднага.',
    published: (date: string) => `Публикувано на ${date}`,
    edited: (date: string) => `, последна промяна на ${date}`,
  },
  en: {
    heading: 'Product safety recall',
    closed: (date: string) => `This recall was closed on ${date}.`,
    product: 'Product',
    hazard: 'Hazard',
    action: 'What you should do',
    contact: 'Contact',
    brand: (name: string, brand: string) => `${name}, brand ${brand}`,
    identifier: (code: string) => `Identification number (model): ${code}`,
    all: 'Every colour and size is concerned.',
    some: (list: string) => `Colours and sizes concerned: ${list}.`,
    sold: (seller: string, from: string, to: string) => `Sold by ${seller} on this website from ${from} to ${to}.`,
    soldHere: (seller: string) => `Sold by ${seller} on this website.`,
    stop: 'Stop using the product now.',
    published: (date: string) => `Published on ${date}`,
    edited: (date: string) => `, last changed on ${date}`,
  },
} as const;

/** What each part of the template says in one language. */
function partsIn(recall: Recall, lang: Language) {
  const w = WORDS[lang];
  const seller = recall.contact.name || recall.product.brand;
  const product = [
    w.brand(recall.product.name[lang], recall.product.brand || seller),
    recall.product.styleCode ? w.identifier(recall.product.styleCode) : '',
    recall.allVariants ? w.all : w.some(recall.variants.map((v) => `${v.colorName[lang]} ${v.size}`).join(', ')),
    recall.soldFrom && recall.soldTo
      ? w.sold(seller, dayIn(recall.soldFrom, lang), dayIn(recall.soldTo, lang))
      : w.soldHere(seller),
  ].filter(Boolean);
  const contact = [recall.contact.name, recall.contact.email, recall.contact.phone, recall.contact.address].filter(
    Boolean,
  );
  return [
    { title: w.product, lines: product },
    { title: w.hazard, lines: [recall.hazard[lang]] },
    { title: w.action, lines: [w.stop, recall.remedy[lang]] },
    { title: w.contact, lines: contact },
  ];
}

/**
 * A recall notice as a printable PDF (decision 0064) in the form of the template of Implementing
 * Regulation (EU) 2024/1435 (Regulation (EU) 2023/988, Art. 36), in both languages: the heading
 * "Product safety recall" in red, the closing date when closed, the title, the product's picture,
 * then each of the template's parts (the product with its brand, identifier, colours and sizes and
 * where and when it was sold; the hazard; what to do, stop using it first, and the remedy; whom to
 * contact) in Bulgarian and under it in English, and a QR code to the notice's page.
 */
export async function recallNoticePdf(db: Db, recall: Recall, noticeUrl: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  const [qr, picture] = await Promise.all([
    QRCode.toBuffer(noticeUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 }),
    storedImageAsJpeg(db, recall.product.imageUrl, 400),
  ]);
  const { pdf, done } = newPdf({ Title: `Product safety recall: ${recall.title.en}`, Subject: `Recall ${recall.id}` });
  pdf.font('bold').fontSize(18).fillColor(RED).text(WORDS.bg.heading);
  pdf.fontSize(14).text(WORDS.en.heading).fillColor('#000');
  if (recall.closedAt) {
    pdf.moveDown(0.3);
    pdf
      .font('bold')
      .fontSize(11)
      .text(WORDS.bg.closed(dayIn(recall.closedAt, 'bg')));
    pdf
      .font('text')
      .fillColor(GREY)
      .text(WORDS.en.closed(dayIn(recall.closedAt, 'en')))
      .fillColor('#000');
  }
  pdf.moveDown(0.6);
  const top = pdf.y;
  const textWidth = picture ? 330 : 495;
  pdf.font('bold').fontSize(13).text(recall.title.bg, 50, top, { width: textWidth });
  pdf.font('text').fontSize(11).fillColor(GREY).text(recall.title.en, { width: textWidth }).fillColor('#000');
  if (picture) {
    pdf.image(picture, 395, top, { fit: [150, 180] });
    pdf.y = Math.max(pdf.y, top + 185);
  }
  const bg = partsIn(recall, 'bg');
  const en = partsIn(recall, 'en');
  bg.forEach((part, index) => {
    pdf.moveDown(0.8);
    pdf.font('bold').fontSize(12).text(`${part.title} / ${en[index]!.title}`, 50, pdf.y, { width: 495 });
    pdf
      .moveTo(50, pdf.y + 2)
      .lineTo(545, pdf.y + 2)
      .strokeColor(RED)
      .stroke();
    pdf.moveDown(0.4);
    pdf.font('text').fontSize(10);
    for (const line of part.lines) pdf.text(line, { width: 495 });
    pdf.moveDown(0.3).fillColor(GREY).fontSize(9);
    for (const line of en[index]!.lines) pdf.text(line, { width: 495 });
    pdf.fillColor('#000');
  });
  if (pdf.y > 650) pdf.addPage();
  pdf.moveDown(1);
  const qrTop = pdf.y;
  pdf.image(qr, 50, qrTop, { width: 90 });
  pdf
    .font('text')
    .fontSize(10)
    .text('Сканирайте кода за актуалното съобщение.', 155, qrTop + 10, { width: 390 });
  pdf.fillColor(GREY).fontSize(9).text('Scan the code for the notice as it is now.', { width: 390 });
  pdf.fillColor('#000').text(noticeUrl, { width: 390, link: noticeUrl, underline: true });
  const dates = (lang: Language) =>
    WORDS[lang].published(dayIn(recall.publishedAt, lang)) +
    (recall.editedAt ? WORDS[lang].edited(dayIn(recall.editedAt, lang)) : '');
  pdf
    .moveDown(0.5)
    .fontSize(8)
    .fillColor(GREY)
    .text(`${dates('bg')} · ${dates('en')}`, { width: 390 });
  pdf.fillColor('#000');
  pdf.end();
  return done;
}
