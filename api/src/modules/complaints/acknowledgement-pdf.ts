import { colorNameIn, itemNameIn } from '@shop/contract';
import type { ComplaintRead } from './service.js';
import { sofiaDay, sofiaTime, startDocument, type DocumentSeller } from '../documents/pdf.js';

const REMEDIES = {
  repair: 'Ремонт / Repair',
  replacement: 'Замяна / Replacement',
  'price-reduction': 'Намаляване на цената / Price reduction',
  refund: 'Връщане на парите / Refund',
} as const;

/**
 * The acknowledgement of a complaint as a PDF (Consumer Protection Act, Art. 124: the seller
 * gives the consumer a document with the complaint's number; decision 0059), in the documents'
 * layout and fonts, bilingual as they are: the number, when it was filed, the seller, the
 * consumer, the order and item, the defect as described, the remedy asked and the due date.
 * Attached to the acknowledgement mail.
 */
export async function acknowledgementPdf(complaint: ComplaintRead, seller: DocumentSeller): Promise<Buffer> {
  const { pdf, done, row } = startDocument({
    title: { bg: 'Потвърждение за рекламация', en: 'Acknowledgement of a complaint' },
    number: complaint.number,
    seller,
    subject: `Complaint ${complaint.number}`,
  });
  row('Дата и час', 'Filed', sofiaTime(new Date(complaint.createdAt)));
  pdf.moveDown(0.5);
  row('Търговец', 'Seller', [seller.legalName, seller.address].filter(Boolean).join(', '));
  if (seller.email || seller.phone) row('Връзка', 'Contact', [seller.email, seller.phone].filter(Boolean).join(', '));
  row('Потребител', 'Consumer', [complaint.customer.name, complaint.customer.email].filter(Boolean).join(', '));
  pdf.moveDown(0.5);
  row('Поръчка', 'Order', complaint.orderReference);
  row(
    'Артикул',
    'Item',
    `${itemNameIn(complaint.item, 'bg')}, ${colorNameIn(complaint.item, 'bg')}, ${complaint.item.size}`,
  );
  row('Несъответствие', 'Defect', complaint.description);
  row('Искане', 'Remedy asked', REMEDIES[complaint.remedy]);
  if (complaint.photos.length > 0) row('Приложени снимки', 'Photos attached', String(complaint.photos.length));
  pdf.moveDown(0.5);
  row('Срок за решение', 'Decided by', sofiaDay(new Date(complaint.dueAt)));
  pdf.end();
  return done;
}
