import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoiceDocuments } from '../../db/schema.js';
import type { Mail, Mailer } from '../../platform/mail/mailer.js';
import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { lockOrder, readWithShopper } from '../orders/store.js';
import { CREDIT_NOTE, INVOICE_ISSUE, INVOICE_MAIL, SALE_DOCUMENT } from './effect-kinds.js';
import { issueCreditNote, issueInvoice } from './invoice.js';
import { invoiceMail } from './mail.js';
import { attachment, issuedInvoice, issuedSale } from './kinds.js';
import { issueSaleDocument } from './sale-document.js';
import type { TestPaymentPolicy } from './test-payments.js';

/**
 * The documents module's effects, run after commit by the outbox (decisions 0032, 0039, 0043):
 * the sale document of a paid order; the invoice of an order that asked for one, at its tax event
 * (`paid`); the credit note of each refund of an invoiced order (`refunded`); the mail of each
 * invoice or credit note issued. Each runs its work once: the documents are unique per order and
 * per refund, and the mail is keyed by the document. A test payment gets them as the shop's
 * policy says (test-payments.ts).
 */
export function documentEffectHandlers({
  db,
  mailer,
  testPayments,
}: {
  db: Db;
  mailer: Mailer;
  testPayments: TestPaymentPolicy;
}): Record<string, EffectHandler> {
  return {
    ...handle(SALE_DOCUMENT, ({ orderId }) => issueSaleDocument(db, orderId, testPayments)),
    ...handle(INVOICE_ISSUE, ({ orderId }) =>
      db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (order) await issueInvoice(tx, order, testPayments);
      }),
    ),
    ...handle(CREDIT_NOTE, ({ orderId, refundId }) =>
      db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (order) await issueCreditNote(tx, order, refundId, testPayments);
      }),
    ),
    ...handle(INVOICE_MAIL, async ({ documentId }) => {
      const [document] = await db.select().from(invoiceDocuments).where(eq(invoiceDocuments.id, documentId));
      if (!document) return;
      const order = await readWithShopper(db, document.orderId);
      const to = order?.shopper?.email ?? order?.row.email;
      if (!order || !to) return;
      await mailer.send({
        ...invoiceMail(document, order.row.locale, to),
        attachments: [await attachment(issuedInvoice(document))],
      });
    }),
  };
}

/**
 * The order's sale document as a mail attachment (the payment confirmation of a card order, the
 * delivery mail of a cash-on-delivery one): issued here if its own effect has not run yet, so the
 * mail never waits for it nor goes without it (a test payment that is no sale has none).
 */
export async function saleDocumentAttachment(
  db: Db,
  orderId: number,
  testPayments: TestPaymentPolicy,
): Promise<{ number: string; attachment: NonNullable<Mail['attachments']>[number] } | null> {
  const document = await issueSaleDocument(db, orderId, testPayments);
  return document ? { number: document.number, attachment: await attachment(issuedSale(document)) } : null;
}
