import type { Language } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { SALE_DOCUMENT, SALE_DOCUMENT_MAIL } from './effect-kinds.js';
import { saleDocument } from './documents.js';
import { issueSaleDocument } from './issue.js';
import { saleDocumentPdf } from './pdf.js';

export interface RecordsEffectDeps {
  db: Db;
  mailer: Mailer;
}

const TEXT: Record<Language, { subject: (number: string, ref: string) => string; intro: string }> = {
  en: {
    subject: (number, ref) => `Sale document ${number} for order ${ref}`,
    intro:
      'Thank you for your payment. The sale registration document of your order is attached (PDF); it also stays on your order page.',
  },
  bg: {
    subject: (number, ref) => `Документ за продажба ${number} към поръчка ${ref}`,
    intro:
      'Благодарим за плащането. Документът за регистриране на продажбата по поръчката ви е приложен (PDF); той остава и на страницата на поръчката.',
  },
};

/**
 * The records module's effects, run after commit by the outbox (decision 0032): the sale document
 * of a paid order (issued once: issueSaleDocument finds the one it made), and its mail to the
 * shopper with the PDF attached, in the order's language.
 */
export function recordsEffectHandlers({ db, mailer }: RecordsEffectDeps): Record<string, EffectHandler> {
  return {
    [SALE_DOCUMENT]: async ({ payload }) => {
      await issueSaleDocument(db, Number(payload.orderId));
    },

    [SALE_DOCUMENT_MAIL]: async ({ payload }) => {
      const document = await saleDocument(db, Number(payload.documentId));
      const [order] = await db
        .select({ email: orders.email, locale: orders.locale, userEmail: users.email })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, document.orderId));
      const to = order?.email ?? order?.userEmail;
      if (!to) return;
      const lang: Language = order?.locale === 'bg' ? 'bg' : 'en';
      const text = TEXT[lang];
      const subject = text.subject(document.number, document.data.orderReference);
      const body = renderMail({ lang, subject, preheader: subject, heading: subject, intro: [text.intro] });
      await mailer.send({
        to,
        ...body,
        attachments: [
          {
            filename: `sale-document-${document.number}.pdf`,
            content: await saleDocumentPdf(document),
            contentType: 'application/pdf',
          },
        ],
      });
    },
  };
}
