import { money, NOTHING_DUE_PAYMENT, sofiaTime, startDocument } from './pdf.js';
import type { SaleDocumentRow } from './sale-document.js';

/**
 * The sale document's PDF ("Документ за регистриране на продажба"), in Bulgarian with English
 * beside it, from what the document recorded when it was issued (so it renders again the same).
 * The QR code holds Annex 18а's fields (decision 0039), 30 mm wide (the annex asks at least 18).
 */
export async function saleDocumentPdf(document: SaleDocumentRow): Promise<Buffer> {
  const { data } = document;
  // Loaded by the first sale document, not at start (decision 0053).
  const { default: QRCode } = await import('qrcode');
  const qr = await QRCode.toBuffer(document.qr, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
  const { pdf, done, row, table, total } = startDocument({
    title: { bg: 'Документ за регистриране на продажба', en: 'Sale registration document' },
    number: document.number,
    seller: data.seller,
    subject: `Order ${data.orderReference}`,
    testPayment: data.testPayment,
  });
  const { currency } = data;
  pdf.text(`Дата и час / Date and time: ${sofiaTime(document.issuedAt)}`);
  pdf.moveDown();

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

  table(
    [50, 300, 345, 390, 465],
    [245, 40, 40, 70, 80],
    ['Артикул / Item', 'Гр. / Tax', 'К-во / Qty', 'Ед. цена / Unit', 'Стойност / Value'],
    data.lines.map((line) => [
      line.nameBg === line.name ? line.name : `${line.nameBg} / ${line.name}`,
      line.taxGroup,
      String(line.quantity),
      money(line.unitPriceCents, currency),
      money(line.unitPriceCents * line.quantity, currency),
    ]),
  );
  if (data.discountCents > 0) total('Отстъпка / Discount', `−${money(data.discountCents, currency)}`);
  total(`ДДС ${document.vatRate} % (включен) / VAT ${document.vatRate} % (included)`, money(data.vatCents, currency));
  total('Обща сума / Total', money(document.totalCents, currency), 'bold');
  total(
    'Начин на плащане / Paid by',
    document.paymentMethod === 'card'
      ? 'Карта чрез доставчик на платежни услуги / Card through a payment provider'
      : document.paymentMethod === 'other'
        ? NOTHING_DUE_PAYMENT
        : 'Наложен платеж / Cash on delivery',
  );
  pdf.moveDown();
  pdf.image(qr, 50, pdf.y, { width: 85 });
  pdf.end();
  return done;
}
