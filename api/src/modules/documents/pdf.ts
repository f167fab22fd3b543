import QRCode from 'qrcode';
import { SOFIA_DATE_TIME } from '@shop/contract';
import { newPdf } from '../../lib/pdf.js';
import type { SaleDocumentRow } from './sale-document.js';

export const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
const SOFIA_TIME = new Intl.DateTimeFormat('bg-BG', SOFIA_DATE_TIME);
export const sofiaTime = (date: Date) => SOFIA_TIME.format(date);

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
 * The sale document's PDF ("Документ за регистриране на продажба"), in Bulgarian with English
 * beside it, from what the document recorded when it was issued (so it renders again the same).
 * The QR code holds Annex 18а's fields (decision 0039), 30 mm wide (the annex asks at least 18).
 */
export async function saleDocumentPdf(document: SaleDocumentRow): Promise<Buffer> {
  const { data } = document;
  const qr = await QRCode.toBuffer(document.qr, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
  const { pdf, done } = newPdf({
    Title: `Sale registration document ${document.number}`,
    Subject: `Order ${data.orderReference}`,
    Author: data.seller.legalName.replace(/[^\x20-\x7e]/g, '').trim() || 'Seller',
  });
  const { currency } = data;

  pdf.font('bold').fontSize(15).text('Документ за регистриране на продажба');
  pdf.font('text').fontSize(10).fillColor('#555').text('Sale registration document').fillColor('#000');
  pdf.moveDown(0.5);
  pdf.font('bold').fontSize(12).text(`№ ${document.number}`);
  pdf
    .font('text')
    .fontSize(10)
    .text(`Дата и час / Date and time: ${sofiaTime(document.issuedAt)}`);
  pdf.moveDown();

  const row = (bg: string, en: string, value: string) => pdf.text(`${bg} / ${en}: ${value}`);
  pdf.font('bold').text('Продавач / Seller');
  pdf.font('text');
  pdf.text(data.seller.legalName);
  row('ЕИК', 'Company ID', data.seller.companyId);
  if (data.seller.vatId) row('ДДС №', 'VAT ID', data.seller.vatId);
  row('Седалище', 'Seat', data.seller.address);
  row('Контакт', 'Contact', [data.seller.email, data.seller.phone].filter(Boolean).join(', '));
  pdf.moveDown(0.5);
  row('Номер на електронния магазин', 'E-shop number', document.eShopNumber || '—');
  row('Поръчка', 'Order', data.orderReference);
  if (document.providerReference) row('Транзакция', 'Transaction', document.providerReference);
  pdf.moveDown();

  const columns = [50, 300, 345, 390, 465];
  const widths = [245, 40, 40, 70, 80];
  const cells = (values: string[], font: 'text' | 'bold') => tableRow(pdf, columns, widths, values, font);
  cells(['Артикул / Item', 'Гр. / Tax', 'К-во / Qty', 'Ед. цена / Unit', 'Стойност / Value'], 'bold');
  pdf.moveTo(50, pdf.y).lineTo(545, pdf.y).stroke();
  pdf.y += 4;
  for (const line of data.lines) {
    cells(
      [
        line.nameBg === line.name ? line.name : `${line.nameBg} / ${line.name}`,
        line.taxGroup,
        String(line.quantity),
        money(line.unitPriceCents, currency),
        money(line.unitPriceCents * line.quantity, currency),
      ],
      'text',
    );
  }
  pdf.moveTo(50, pdf.y).lineTo(545, pdf.y).stroke();
  pdf.y += 6;
  pdf.fontSize(10);
  const total = (label: string, value: string, font: 'text' | 'bold' = 'text') => {
    pdf.font(font).text(`${label}: ${value}`, 50, pdf.y, { width: 495, align: 'right' });
  };
  if (data.discountCents > 0) total('Отстъпка / Discount', `−${money(data.discountCents, currency)}`);
  total(`ДДС ${document.vatRate} % (включен) / VAT ${document.vatRate} % (included)`, money(data.vatCents, currency));
  total('Обща сума / Total', money(document.totalCents, currency), 'bold');
  total(
    'Начин на плащане / Paid by',
    document.paymentMethod === 'card'
      ? 'Карта чрез доставчик на платежни услуги / Card through a payment provider'
      : 'Наложен платеж / Cash on delivery',
  );
  pdf.moveDown();
  pdf.image(qr, 50, pdf.y, { width: 85 });
  pdf.end();
  return done;
}
