import { escapeHtml, formatMoney } from '../../lib/format.js';
import type { Mail } from '../../platform/mail/mailer.js';
import type { InvoiceRow } from './invoice.js';

/** The mail that carries an invoice or credit note (its PDF attached), in the order's language. */
export function invoiceMail(document: InvoiceRow, locale: 'en' | 'bg', to: string): Omit<Mail, 'attachments'> {
  const credit = document.kind === 'credit-note';
  const amount = formatMoney(document.totalCents, document.data.currency, locale);
  const { orderReference } = document.data;
  const [subject, body] =
    locale === 'bg'
      ? credit
        ? [
            `Кредитно известие № ${document.number} към поръчка ${orderReference}`,
            `Прилагаме кредитно известие № ${document.number} към фактура № ${document.data.invoice?.number ?? ''} за ${amount}, които ви връщаме.`,
          ]
        : [
            `Фактура № ${document.number} за поръчка ${orderReference}`,
            `Прилагаме фактура № ${document.number} на ${document.recipient.companyName} за ${amount}.`,
          ]
      : credit
        ? [
            `Credit note ${document.number} for order ${orderReference}`,
            `Attached is credit note ${document.number} to invoice ${document.data.invoice?.number ?? ''} for the ${amount} we refund.`,
          ]
        : [
            `Invoice ${document.number} for order ${orderReference}`,
            `Attached is invoice ${document.number} to ${document.recipient.companyName} for ${amount}.`,
          ];
  return { to, subject, text: body, html: `<p>${escapeHtml(body)}</p>` };
}
