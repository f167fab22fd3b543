import {
  colorNameIn,
  intlMoney,
  itemNameIn,
  fromCents,
  type ComplaintOutcome,
  type ComplaintRemedy,
  type Language,
} from '@shop/contract';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { refundShares, type RefundShares } from '../orders/refund-shares.js';
import { refundSharesText } from '../order-mails/refund-shares.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import type { Db } from '../../db/client.js';
import { keepAcknowledgement } from './acknowledgement.js';
import { complaintAddressed, type ComplaintRead } from './service.js';

/** The shop's time, for dates a shopper may need to prove (Bulgaria). */
const TIME_ZONE = 'Europe/Sofia';

const moment = (iso: string, locale: Language) =>
  new Intl.DateTimeFormat(locale === 'bg' ? 'bg-BG' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));

const day = (iso: string, locale: Language) =>
  new Intl.DateTimeFormat(locale === 'bg' ? 'bg-BG' : 'en-GB', { dateStyle: 'long', timeZone: TIME_ZONE }).format(
    new Date(iso),
  );

const hello = (word: string, name: string) => (name ? `${word}, ${name}` : word);

const REMEDIES: Record<Language, Record<ComplaintRemedy, string>> = {
  en: { repair: 'repair', replacement: 'replacement', 'price-reduction': 'a price reduction', refund: 'a refund' },
  bg: {
    repair: 'ремонт',
    replacement: 'замяна',
    'price-reduction': 'намаляване на цената',
    refund: 'връщане на парите',
  },
};

const TEXTS = {
  en: {
    filed: {
      subject: (number: string, ref: string) => `We received your complaint No. ${number} (order ${ref})`,
      preheader: 'Your complaint is registered under its number.',
      received: (number: string, when: string) =>
        `We registered your complaint under No. ${number} on ${when}. This mail is your acknowledgement: please quote the number.`,
      about: (item: string) => `It is about: ${item}.`,
      defect: (text: string) => `The defect as you described it: ${text}`,
      asked: (remedy: string) => `You asked for ${remedy}.`,
      due: (date: string) => `We will tell you our decision by ${date} at the latest.`,
    },
    decided: {
      subject: (number: string) => `Our decision on your complaint No. ${number}`,
      preheader: 'The seller has decided your complaint.',
      intro: (number: string, item: string) => `We have decided your complaint No. ${number} about ${item}:`,
      outcome: {
        repair: 'We will repair the item. Once it is repaired, its guarantee is extended by 12 months.',
        replacement: 'We will replace the item with a new one, free of charge.',
        'price-reduction': (amount: string) => `We reduce the price by ${amount}.`,
        refund: (amount: string) => `We refund you ${amount}.`,
        rejected: 'We cannot accept the complaint.',
      },
      card: 'The money goes back to the card you paid with; your bank may take a few days to show it.',
      note: (text: string) => `Our note: ${text}`,
    },
    label: 'See your order',
  },
  bg: {
    filed: {
      subject: (number: string, ref: string) => `Получихме рекламацията ви № ${number} (поръчка ${ref})`,
      preheader: 'Рекламацията ви е регистрирана под своя номер.',
      received: (number: string, when: string) =>
        `Регистрирахме рекламацията ви под № ${number} на ${when}. Това писмо е потвърждението за нея: моля, посочвайте номера.`,
      about: (item: string) => `Тя се отнася за: ${item}.`,
      defect: (text: string) => `Несъответствието, както го описахте: ${text}`,
      asked: (remedy: string) => `Поискахте: ${remedy}.`,
      due: (date: string) => `Ще ви съобщим решението си най-късно до ${date}.`,
    },
    decided: {
      subject: (number: string) => `Решение по рекламацията ви № ${number}`,
      preheader: 'Търговецът реши рекламацията ви.',
      intro: (number: string, item: string) => `Решихме рекламацията ви № ${number} за ${item}:`,
      outcome: {
        repair: 'Ще ремонтираме артикула. След ремонта гаранцията му се удължава с 12 месеца.',
        replacement: 'Ще заменим артикула с нов, безплатно.',
        'price-reduction': (amount: string) => `Намаляваме цената с ${amount}.`,
        refund: (amount: string) => `Връщаме ви ${amount}.`,
        rejected: 'Не можем да уважим рекламацията.',
      },
      card: 'Парите се връщат по картата, с която платихте; банката ви може да ги покаже след няколко дни.',
      note: (text: string) => `Нашата бележка: ${text}`,
    },
    label: 'Вижте поръчката си',
  },
} as const;

const itemOf = (complaint: ComplaintRead, locale: Language) =>
  `${itemNameIn(complaint.item, locale)} (${colorNameIn(complaint.item, locale)}, ${complaint.item.size})`;

export interface ComplaintMailInput {
  complaint: ComplaintRead;
  locale: Language;
  name: string;
  email: string;
  currency: string;
  /** Paid by card: money goes back through the provider. */
  card: boolean;
  /** Cash on delivery, a decision that moved money: what went to each gift card and the store credit, and the bank's share. */
  shares?: RefundShares | null;
  orderUrl: string;
}

/** The acknowledgement of a filed complaint: its number, what it is about, what was asked and by when we answer. */
export function complaintFiledMail(input: ComplaintMailInput): Mail {
  const { complaint, locale } = input;
  const t = TEXTS[locale];
  return {
    to: input.email,
    ...renderMail({
      lang: locale,
      subject: t.filed.subject(complaint.number, complaint.orderReference),
      preheader: t.filed.preheader,
      heading: hello(locale === 'bg' ? 'Здравейте' : 'Hello', input.name),
      intro: [
        t.filed.received(complaint.number, moment(complaint.createdAt, locale)),
        t.filed.about(itemOf(complaint, locale)),
        t.filed.defect(complaint.description),
        t.filed.asked(REMEDIES[locale][complaint.remedy]),
      ],
      highlight: { kind: 'link', label: t.label, url: input.orderUrl },
      outro: [t.filed.due(day(complaint.dueAt, locale))],
    }),
  };
}

/** The seller's decision, with the money given back and how. */
export function complaintDecidedMail(input: ComplaintMailInput): Mail {
  const { complaint, locale } = input;
  const t = TEXTS[locale].decided;
  const outcome = complaint.outcome as ComplaintOutcome;
  const amount = intlMoney(fromCents(complaint.amount ?? 0), locale, input.currency);
  const said = t.outcome[outcome];
  const money = outcome === 'refund' || outcome === 'price-reduction';
  return {
    to: input.email,
    ...renderMail({
      lang: locale,
      subject: t.subject(complaint.number),
      preheader: t.preheader,
      heading: hello(locale === 'bg' ? 'Здравейте' : 'Hello', input.name),
      intro: [
        t.intro(complaint.number, itemOf(complaint, locale)),
        typeof said === 'function' ? said(amount) : said,
        ...(money ? (input.card ? [t.card] : refundSharesText(input.shares ?? null, locale, input.currency)) : []),
        ...(complaint.note ? [t.note(complaint.note)] : []),
      ],
      highlight: { kind: 'link', label: TEXTS[locale].label, url: input.orderUrl },
    }),
  };
}

/**
 * Sends a complaint's acknowledgement or decision (effects of the complaint, effects.ts) to the
 * order's email in the order's language. A failed send throws, and the outbox tries again.
 */
export async function mailComplaint(
  deps: OrderMailDeps & { db: Db },
  complaintId: number,
  which: 'filed' | 'decided',
): Promise<void> {
  // The acknowledgement is kept first, whether or not the order has an email to send it to.
  const kept = which === 'filed' ? await keepAcknowledgement(deps.db, complaintId) : undefined;
  const found = await complaintAddressed(deps.db, complaintId);
  const email = found?.party.email;
  if (!found || !email) return;
  const { complaint, party } = found;
  const input: ComplaintMailInput = {
    complaint,
    locale: party.row.locale,
    name: party.name,
    email,
    currency: party.row.currency,
    card: party.row.paymentMethod === 'card',
    orderUrl: deps.links.order(complaint.orderId),
  };
  if (which === 'decided') {
    const amount = complaint.amount ?? 0;
    const key = `complaint-${complaint.id}`;
    const shares = !input.card && amount > 0 ? await refundShares(deps.db, complaint.orderId, key, amount) : null;
    await deps.mailer.send(complaintDecidedMail({ ...input, shares }));
    return;
  }
  // The acknowledgement carries its document: the PDF with the number, as kept (acknowledgement.ts).
  await deps.mailer.send({
    ...complaintFiledMail(input),
    ...(kept && {
      attachments: [{ filename: `complaint-${kept.number}.pdf`, content: kept.pdf, contentType: 'application/pdf' }],
    }),
  });
}
