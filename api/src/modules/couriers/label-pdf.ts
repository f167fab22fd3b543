import { formatMoney } from '../../lib/format.js';
import { newPdf } from '../../lib/pdf.js';

/** What the built-in courier's label prints (kept with the shipment: it prints again the same). */
export interface LabelContent {
  trackingNumber: string;
  reference: string;
  sender: { name: string; phone: string; address: string };
  recipient: { name: string; phone: string; address: string };
  /** The office or locker the parcel goes to, or null (to the address). */
  office: string | null;
  codCents: number;
  currency: string;
  parcels: number;
  weightGrams: number;
  inspection: boolean;
  createdAt: string;
}

/**
 * The built-in courier's label: a sheet of A6 with the sender, the recipient, the office or
 * address, the cash on delivery to collect and the tracking number as a Code 128 barcode, in
 * Bulgarian with English beside it.
 */
export async function builtinLabelPdf(label: LabelContent): Promise<Buffer> {
  // Loaded by the first label, not at start (decision 0053).
  const { default: bwipjs } = await import('bwip-js/node');
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: label.trackingNumber,
    scale: 3,
    height: 14,
    includetext: true,
    textxalign: 'center',
  });
  const { pdf, done } = newPdf(
    { Title: `Label ${label.trackingNumber}`, Subject: `Order ${label.reference}` },
    { size: 'A6', margin: 18 },
  );
  const width = pdf.page.width - 36;

  pdf.font('bold').fontSize(11).text('Товарителница / Shipping label');
  pdf
    .font('text')
    .fontSize(7)
    .text(`Поръчка / Order ${label.reference} · ${label.parcels} × ${(label.weightGrams / 1000).toFixed(1)} kg`);
  pdf.moveDown(0.4);
  const block = (title: string, lines: string[]) => {
    pdf.font('bold').fontSize(7).text(title);
    pdf.font('text').fontSize(8);
    for (const line of lines.filter(Boolean)) pdf.text(line, { width });
    pdf.moveDown(0.3);
  };
  block('Подател / Sender', [label.sender.name, label.sender.address, label.sender.phone]);
  block('Получател / Recipient', [label.recipient.name, label.recipient.phone, label.recipient.address]);
  if (label.office) block('До офис или автомат / To the office or locker', [label.office]);
  pdf
    .font('bold')
    .fontSize(10)
    .text(
      label.codCents > 0
        ? `Наложен платеж / Cash on delivery: ${formatMoney(label.codCents, label.currency, 'bg')}`
        : 'Без наложен платеж / No cash on delivery',
    );
  if (label.inspection) pdf.font('text').fontSize(7).text('С преглед преди плащане / Inspection before payment');
  pdf.moveDown(0.5);
  pdf.image(barcode, { fit: [width, 70], align: 'center' });
  pdf.end();
  return done;
}
