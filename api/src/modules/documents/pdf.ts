import { SOFIA_DATE_TIME } from '@shop/contract';
import { formatMoney } from '../../lib/format.js';
import { newPdf } from '../../lib/pdf.js';

/**
 * The documents' one layout (A4, DejaVu, Bulgarian with English beside it): every kind of document
 * starts with `startDocument` (its title, number, and the TEST PAYMENT mark when no money moved),
 * says its facts in `row`s, lists its lines in a `table` and ends with right-aligned `total`s.
 */

/** An amount as the documents print it: as Bulgarian writes money ("89,00 €"), their first language. */
export const money = (cents: number, currency: string) => formatMoney(cents, currency, 'bg');
const SOFIA_TIME = new Intl.DateTimeFormat('bg-BG', SOFIA_DATE_TIME);
export const sofiaTime = (date: Date) => SOFIA_TIME.format(date);
/** The day of an instant in Sofia, as the documents print it. */
export const sofiaDay = (date: Date) => sofiaTime(date).slice(0, 10);

/** Who issues the shop's documents, as each one recorded it. */
export interface DocumentSeller {
  legalName: string;
  address: string;
  companyId: string;
  vatId: string;
  email: string;
  phone: string;
}

export interface DocumentStart {
  /** The document's name in Bulgarian (the law's) and under it in English, with a note beside it. */
  title: { bg: string; en: string; note?: string };
  number: string;
  seller: DocumentSeller;
  /** What the PDF's properties name it by: "Order 3F9A0C21B7D4". */
  subject: string;
  /** Paid on the built-in test page (a shop in development): the document says no money moved. */
  testPayment?: boolean | undefined;
}

/** The words a document paid on the test page carries under its title. */
export const TEST_PAYMENT_MARK =
  'ТЕСТОВО ПЛАЩАНЕ: не са преведени пари / TEST PAYMENT: no money moved (the built-in test page)';

/** How a document paid at once with nothing due says it was paid (the audit file's kind 5, other). */
export const NOTHING_DUE_PAYMENT = 'Друго (нищо за плащане) / Other (nothing to pay)';

/** One row of a table: each value in its column (x, width), the first left and the rest right aligned. */
export function tableRow(
  pdf: PDFKit.PDFDocument,
  columns: readonly number[],
  widths: readonly number[],
  values: string[],
  font: 'text' | 'bold',
): void {
  pdf.font(font).fontSize(9);
  const y = pdf.y;
  const heights = values.map((value, i) =>
    pdf.heightOfString(value, { width: widths[i]!, align: i === 0 ? 'left' : 'right' }),
  );
  values.forEach((value, i) =>
    pdf.text(value, columns[i], y, { width: widths[i]!, align: i === 0 ? 'left' : 'right' }),
  );
  pdf.x = 50;
  pdf.y = y + Math.max(...heights) + 4;
}

/**
 * A new document's PDF with its head written: the title, the English name, the number, and the
 * TEST PAYMENT mark. Answers the PDF, the promise of its bytes once ended, and the layout's pieces.
 */
export function startDocument(start: DocumentStart) {
  const { pdf, done } = newPdf({
    Title: `${start.title.en} ${start.number}`,
    Subject: start.subject,
    Author: start.seller.legalName.replace(/[^\x20-\x7e]/g, '').trim() || 'Seller',
  });
  pdf.font('bold').fontSize(16).text(start.title.bg);
  const { en, note } = start.title;
  pdf
    .font('text')
    .fontSize(10)
    .fillColor('#555')
    .text(note ? `${en} · ${note}` : en)
    .fillColor('#000');
  if (start.testPayment) pdf.font('bold').fontSize(11).fillColor('#b00020').text(TEST_PAYMENT_MARK).fillColor('#000');
  pdf.moveDown(0.5);
  pdf.font('bold').fontSize(12).text(`№ ${start.number}`);
  pdf.font('text').fontSize(10);

  /** A fact of the document: "Поръчка / Order: …". */
  const row = (bg: string, en: string, value: string) => pdf.text(`${bg} / ${en}: ${value}`);
  /** A table of lines: its head in bold under nothing, its lines, a rule after each part. */
  const table = (columns: readonly number[], widths: readonly number[], head: string[], lines: string[][]) => {
    tableRow(pdf, columns, widths, head, 'bold');
    pdf.moveTo(50, pdf.y).lineTo(545, pdf.y).stroke();
    pdf.y += 4;
    for (const line of lines) tableRow(pdf, columns, widths, line, 'text');
    pdf.moveTo(50, pdf.y).lineTo(545, pdf.y).stroke();
    pdf.y += 6;
    pdf.fontSize(10);
  };
  /** A sum under the table, right aligned. */
  const total = (label: string, value: string, font: 'text' | 'bold' = 'text') => {
    pdf.font(font).text(`${label}: ${value}`, 50, pdf.y, { width: 495, align: 'right' });
  };
  return { pdf, done, row, table, total };
}
