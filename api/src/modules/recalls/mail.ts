import type { Language, Recall } from '@shop/contract';
import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mail, Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { orderPartiesOf } from '../orders/reads.js';
import { readRecall } from './service.js';

const TEXTS = {
  en: {
    heading: 'PRODUCT SAFETY RECALL',
    subject: (title: string) => `Product safety recall: ${title}`,
    preheader: 'A product you bought from us is recalled: stop using it.',
    bought: (product: string, reference: string) => `You bought ${product} from us (order ${reference}).`,
    variants: (list: string) => `Recalled: ${list}.`,
    allVariants: 'Every colour and size of it is recalled.',
    hazard: (text: string) => `The hazard: ${text}`,
    stop: 'Stop using the product now.',
    remedy: (text: string) => `What you can do and what you get: ${text}`,
    link: 'Read the recall notice',
    contact: (how: string) => `Questions: ${how}.`,
  },
  bg: {
    heading: 'ИЗЗЕМВАНЕ НА ПРОДУКТ ОТ СЪОБРАЖЕНИЯ ЗА БЕЗОПАСНОСТ',
    subject: (title: string) => `Изземване на продукт от съображения за безопасност: ${title}`,
    preheader: 'Продукт, който сте купили от нас, се изземва: спрете да го използвате.',
    bought: (product: string, reference: string) => `Купихте от нас ${product} (поръчка ${reference}).`,
    variants: (list: string) => `Изземват се: ${list}.`,
    allVariants: 'Изземват се всички цветове и размери.',
    hazard: (text: string) => `Опасността: ${text}`,
    stop: 'Спрете да използвате продукта веднага.',
    remedy: (text: string) => `Какво да направите и какво получавате: ${text}`,
    link: 'Прочетете съобщението за изземване',
    contact: (how: string) => `Въпроси: ${how}.`,
  },
} as const;

/** The colours and sizes of a recall in a language ("Onyx S, Onyx M"). */
export const variantList = (recall: Recall, language: Language) =>
  recall.variants.map((variant) => `${variant.colorName[language]} ${variant.size}`).join(', ');

export interface RecallMailInput {
  recall: Recall;
  locale: Language;
  email: string;
  orderReference: string;
  url: string;
}

/** The notice to one buyer, in the order's language: the template's heading, product, hazard, what to do, remedy, contact. */
export function recallMail({ recall, locale, email, orderReference, url }: RecallMailInput): Mail {
  const t = TEXTS[locale];
  const title = recall.title[locale];
  const contact = [recall.contact.email, recall.contact.phone].filter(Boolean).join(', ');
  return {
    to: email,
    ...renderMail({
      lang: locale,
      subject: t.subject(title),
      preheader: t.preheader,
      heading: t.heading,
      intro: [
        title,
        t.bought(recall.product.name[locale], orderReference),
        recall.allVariants ? t.allVariants : t.variants(variantList(recall, locale)),
        t.hazard(recall.hazard[locale]),
        t.stop,
        t.remedy(recall.remedy[locale]),
      ],
      highlight: { kind: 'link', label: t.link, url },
      ...(contact ? { outro: [t.contact(contact)] } : {}),
    }),
  };
}

/**
 * Mails a recall's notice to the buyer of one order (the effect `mail.recall`), to the order's
 * email (else its account's) in the order's language. A failed send throws; the outbox retries.
 */
export async function mailRecall(
  deps: { db: Db; mailer: Mailer; links: WebLinks },
  recallId: number,
  orderId: number,
): Promise<void> {
  const party = (await orderPartiesOf(deps.db, [orderId])).get(orderId);
  const email = party?.email;
  if (!party || !email) return;
  const recall = await readRecall(deps.db, recallId);
  await deps.mailer.send(
    recallMail({
      recall,
      locale: party.row.locale,
      email,
      orderReference: party.row.reference,
      url: deps.links.recall(recallId),
    }),
  );
}
