import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoiceDocuments, orders, users } from '../../db/schema.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { CREDIT_NOTE, INVOICE_ISSUE, INVOICE_MAIL } from './invoice-effect-kinds.js';
import { issueCreditNote, issueInvoice, lockOrderRow } from './invoice.js';
import { invoiceMail } from './invoice-mail.js';
import { invoicePdf } from './invoice-pdf.js';

/**
 * The invoices module's effects, run after commit by the outbox (decision 0043): the invoice of an
 * order that asked for one, at its tax event (`paid`); the credit note of each refund of an
 * invoiced order (`refunded`); the mail of each document issued. Each runs its work once: the
 * documents are unique per order and per refund, and the mail is keyed by the document.
 */
export function invoiceEffectHandlers({ db, mailer }: { db: Db; mailer: Mailer }): Record<string, EffectHandler> {
  return {
    [INVOICE_ISSUE]: async ({ payload }) => {
      await db.transaction(async (tx) => {
        const order = await lockOrderRow(tx, Number(payload.orderId));
        if (order) await issueInvoice(tx, order);
      });
    },
    [CREDIT_NOTE]: async ({ payload }) => {
      await db.transaction(async (tx) => {
        const order = await lockOrderRow(tx, Number(payload.orderId));
        if (order) await issueCreditNote(tx, order, Number(payload.refundId));
      });
    },
    [INVOICE_MAIL]: async ({ payload }) => {
      const [document] = await db
        .select()
        .from(invoiceDocuments)
        .where(eq(invoiceDocuments.id, Number(payload.documentId)));
      if (!document) return;
      const [order] = await db
        .select({ email: orders.email, userEmail: users.email, locale: orders.locale })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, document.orderId));
      const to = order?.userEmail ?? order?.email;
      if (!order || !to) return;
      await mailer.send({
        ...invoiceMail(document, order.locale, to),
        attachments: [
          {
            filename: `${document.kind}-${document.number}.pdf`,
            content: await invoicePdf(document),
            contentType: 'application/pdf',
          },
        ],
      });
    },
  };
}
