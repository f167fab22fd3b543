import type { Language } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { giftCards, users } from '../../db/schema.js';
import { formatMoney } from '../../lib/format.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mail, Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { giftCardPdf } from './card-pdf.js';
import type { CardRow } from './cards.js';
import { groupedCode, maskedCode } from './codes.js';

export interface GiftCardMailDeps {
  db: Db;
  mailer: Mailer;
  links: WebLinks;
}

const day = (date: Date, lang: Language) =>
  new Intl.DateTimeFormat(lang === 'bg' ? 'bg-BG' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Sofia' }).format(
    date,
  );

const TEXTS = {
  en: {
    hello: (name: string) => `Hello, ${name}`,
    recipient: {
      subject: (from: string) => `${from} sent you an Atelier Noir gift card`,
      preheader: 'Your gift card, its code and a card to print.',
      intro: (from: string, amount: string) => `${from} sent you a gift card of ${amount} for Atelier Noir.`,
      message: (text: string) => `Their message: "${text}"`,
      outro: (until: string) => [
        `Spend it on anything in the shop, in one order or several, until ${until}: type the code at checkout.`,
        'The printable card is attached. Keep the code safe: whoever has it can spend the card.',
      ],
      label: 'Go to the shop',
      fromShop: 'Atelier Noir',
    },
    buyer: {
      subject: (amount: string) => `Your gift card of ${amount}: purchase confirmation`,
      preheader: 'Thank you: your gift card is paid.',
      intro: (amount: string, card: string, name: string, email: string) =>
        `Thank you. Your gift card ${card} of ${amount} for ${name} is paid. We mail it to ${email}`,
      now: ' now.',
      at: (date: string) => ` on ${date}.`,
      tax: 'This mail confirms the purchase; it is not a sale document. A gift card that can buy anything in the shop is a multi-purpose voucher: VAT and the sale document come when it pays for goods.',
      label: 'Gift cards',
    },
  },
  bg: {
    hello: (name: string) => `Здравейте, ${name}`,
    recipient: {
      subject: (from: string) => `${from} ви изпрати подаръчна карта на Atelier Noir`,
      preheader: 'Вашата подаръчна карта, кодът ѝ и карта за печат.',
      intro: (from: string, amount: string) => `${from} ви изпрати подаръчна карта за ${amount} в Atelier Noir.`,
      message: (text: string) => `Послание: „${text}“`,
      outro: (until: string) => [
        `Използвайте я за всичко в магазина, в една или няколко поръчки, до ${until}: въведете кода при поръчка.`,
        'Картата за печат е прикачена. Пазете кода: който го има, може да похарчи картата.',
      ],
      label: 'Към магазина',
      fromShop: 'Atelier Noir',
    },
    buyer: {
      subject: (amount: string) => `Вашата подаръчна карта за ${amount}: потвърждение на покупката`,
      preheader: 'Благодарим ви: подаръчната карта е платена.',
      intro: (amount: string, card: string, name: string, email: string) =>
        `Благодарим ви. Подаръчната карта ${card} за ${amount} за ${name} е платена. Изпращаме я на ${email}`,
      now: ' сега.',
      at: (date: string) => ` на ${date}.`,
      tax: 'Това писмо потвърждава покупката; то не е документ за продажба. Подаръчна карта, с която може да се купи всичко в магазина, е ваучер за многократна употреба: ДДС и документът за продажба идват, когато с нея се платят стоки.',
      label: 'Подаръчни карти',
    },
  },
} as const;

const langOf = (card: CardRow): Language => (card.lang === 'bg' ? 'bg' : 'en');

async function buyerOf(db: Db, card: CardRow) {
  if (card.buyerId === null) return null;
  const [buyer] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, card.buyerId));
  return buyer ?? null;
}

/** The recipient's mail: who sends it, the amount, the code, the expiry and the printable card. */
export async function recipientMail(card: CardRow, from: string | null, links: WebLinks): Promise<Mail> {
  const lang = langOf(card);
  const t = TEXTS[lang].recipient;
  const sender = from || t.fromShop;
  const amount = formatMoney(card.amountCents, card.currency, lang);
  const shopUrl = links.giftCards().replace(/\/gift-cards$/, '') || links.giftCards();
  const pdf = await giftCardPdf({
    code: card.code,
    amountCents: card.amountCents,
    currency: card.currency,
    recipientName: card.recipientName,
    message: card.message,
    expiresAt: card.expiresAt,
    lang,
    shopUrl,
  });
  return {
    to: card.recipientEmail,
    ...renderMail({
      lang,
      subject: t.subject(sender),
      preheader: t.preheader,
      heading: TEXTS[lang].hello(card.recipientName),
      intro: [t.intro(sender, amount), ...(card.message ? [t.message(card.message)] : [])],
      highlight: { kind: 'code', value: groupedCode(card.code) },
      outro: [...t.outro(day(card.expiresAt, lang))],
    }),
    attachments: [
      {
        filename: lang === 'bg' ? 'podarachna-karta.pdf' : 'gift-card.pdf',
        content: pdf,
        contentType: 'application/pdf',
      },
    ],
  };
}

/**
 * Sends an issued card to its recipient (the effect due at its send date), then marks it sent. A
 * card voided before its date is not sent; one sent already is not sent again.
 */
export async function mailCardToRecipient(deps: GiftCardMailDeps, cardId: number): Promise<void> {
  const [card] = await deps.db.select().from(giftCards).where(eq(giftCards.id, cardId));
  if (!card || card.status !== 'active' || card.sentAt) return;
  const buyer = await buyerOf(deps.db, card);
  await deps.mailer.send(await recipientMail(card, buyer?.name ?? null, deps.links));
  await deps.db.update(giftCards).set({ sentAt: new Date() }).where(eq(giftCards.id, cardId));
}

/** The buyer's purchase confirmation (not a sale document): what was bought, for whom, and when it goes. */
export async function mailPurchaseToBuyer(deps: GiftCardMailDeps, cardId: number): Promise<void> {
  const [card] = await deps.db.select().from(giftCards).where(eq(giftCards.id, cardId));
  if (!card) return;
  const buyer = await buyerOf(deps.db, card);
  if (!buyer) return;
  const lang = langOf(card);
  const t = TEXTS[lang].buyer;
  const amount = formatMoney(card.amountCents, card.currency, lang);
  const when = card.sendAt && card.sendAt > new Date() ? t.at(day(card.sendAt, lang)) : t.now;
  await deps.mailer.send({
    to: buyer.email,
    ...renderMail({
      lang,
      subject: t.subject(amount),
      preheader: t.preheader,
      heading: TEXTS[lang].hello(buyer.name),
      intro: [t.intro(amount, maskedCode(card.last4), card.recipientName, card.recipientEmail) + when],
      highlight: { kind: 'link', label: t.label, url: deps.links.giftCards() },
      outro: [t.tax],
    }),
  });
}
