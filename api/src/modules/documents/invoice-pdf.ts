import { money, NOTHING_DUE_PAYMENT, sofiaDay as day, startDocument } from './pdf.js';
import type { InvoiceRow } from './invoice.js';

/**
 * An invoice's or credit note's PDF ("Фактура" / "Кредитно известие"), in Bulgarian with English
 * beside it, from what the document recorded when it was issued. It shows what the VAT Act
 * (Art. 114) asks: the number, the dates of issue and of the tax event, supplier and recipient
 * with their IDs, each line with quantity, unit price without VAT and value, the tax base per
 * rate, the rate, the VAT and the total; a credit note names the invoice it corrects.
 */
export async function invoicePdf(document: InvoiceRow): Promise<Buffer> {
  const { data, recipient } = document;
  const credit = document.kind === 'credit-note';
  const { pdf, done, row, table, total } = startDocument({
    title: {
      bg: credit ? 'Кредитно известие' : 'Фактура',
      en: credit ? 'Credit note' : 'Invoice',
      note: 'Оригинал / Original',
    },
    number: document.number,
    seller: data.seller,
    subject: `Order ${data.orderReference}`,
    testPayment: data.testPayment,
  });
  const { currency } = data;
  row('Дата на издаване', 'Date of issue', day(document.issuedAt));
  row('Дата на данъчното събитие', 'Date of the tax event', day(document.taxEventAt));
  if (data.invoice) {
    row('Към фактура', 'To invoice', `№ ${data.invoice.number} / ${day(new Date(data.invoice.issuedAt))}`);
  }
  row('Поръчка', 'Order', data.orderReference);
  pdf.moveDown();
  const top = pdf.y;
  const party = (x: number, bg: string, en: string, lines: string[]) => {
    pdf.font('bold').text(`${bg} / ${en}`, x, top, { width: 240 });
    pdf.font('text');
    for (const text of lines) pdf.text(text, x, pdf.y, { width: 240 });
    return pdf.y;
  };
  const ids = (companyId: string, vatId: string | undefined) => [
    `ЕИК / Company ID: ${companyId}`,
    ...(vatId ? [`ДДС № / VAT ID: ${vatId}`] : []),
  ];
  const left = party(50, 'Доставчик', 'Supplier', [
    data.seller.legalName,
    ...ids(data.seller.companyId, data.seller.vatId),
    data.seller.address,
  ]);
  const right = party(305, 'Получател', 'Recipient', [
    recipient.companyName,
    ...ids(recipient.companyId, recipient.vatId),
    `${recipient.address}, ${recipient.city}, ${recipient.country}`,
  ]);
  pdf.x = 50;
  pdf.y = Math.max(left, right) + 14;
  table(
    [50, 280, 325, 395, 465],
    [225, 40, 65, 65, 80],
    ['Описание / Description', 'К-во / Qty', 'Ед. цена без ДДС / Unit net', 'ДДС % / VAT %', 'Стойност без ДДС / Net'],
    data.lines.map((line) => [
      line.nameBg === line.name ? line.name : `${line.nameBg} / ${line.name}`,
      String(line.quantity),
      money(line.unitNetCents, currency),
      `${line.vatRate} %`,
      money(line.netCents, currency),
    ]),
  );
  for (const rate of data.rates) {
    total(`Данъчна основа ${rate.rate} % / Tax base ${rate.rate} %`, money(rate.netCents, currency));
    total(`ДДС ${rate.rate} % / VAT ${rate.rate} %`, money(rate.vatCents, currency));
  }
  total(
    credit ? 'Сума за връщане / Amount credited' : 'Сума за плащане / Total',
    money(document.totalCents, currency),
    'bold',
  );
  total(
    'Начин на плащане / Payment',
    data.paymentMethod === 'card'
      ? 'Карта / Card'
      : data.paymentMethod === 'other'
        ? NOTHING_DUE_PAYMENT
        : 'Наложен платеж / Cash on delivery',
  );
  pdf.end();
  return done;
}
