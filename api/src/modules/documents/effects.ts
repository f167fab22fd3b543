import type { Db } from '../../db/client.js';
import type { Mail } from '../../platform/mail/mailer.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { SALE_DOCUMENT } from './effect-kinds.js';
import { issueSaleDocument } from './sale-document.js';
import { saleDocumentPdf } from './pdf.js';

/**
 * The records module's effect, run after commit by the outbox (decision 0032): the sale document
 * of a paid order, issued once (issueSaleDocument answers the one the order has).
 */
export function recordsEffectHandlers({ db }: { db: Db }): Record<string, EffectHandler> {
  return {
    [SALE_DOCUMENT]: async ({ payload }) => {
      await issueSaleDocument(db, Number(payload.orderId));
    },
  };
}

/**
 * The order's sale document as a mail attachment (the payment confirmation of a card order, the
 * delivery mail of a cash-on-delivery one): issued here if its own effect has not run yet, so the
 * mail never waits for it nor goes without it.
 */
export async function saleDocumentAttachment(db: Db, orderId: number): Promise<NonNullable<Mail['attachments']>> {
  const document = await issueSaleDocument(db, orderId);
  if (!document) return [];
  return [
    {
      filename: `sale-document-${document.number}.pdf`,
      content: await saleDocumentPdf(document),
      contentType: 'application/pdf',
    },
  ];
}
