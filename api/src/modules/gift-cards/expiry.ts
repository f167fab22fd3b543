import type { Language } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { giftCards } from '../../db/schema.js';
import { formatMoney } from '../../lib/format.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { maskedCode } from './codes.js';
import { balanceCents, lockBalance, writeEntry } from './ledger.js';
import type { GiftCardMailDeps } from './mail.js';

const TEXTS = {
  en: {
    subject: 'Your Atelier Noir gift card expires in 30 days',
    preheader: 'What is left on your gift card, and until when.',
    hello: (name: string) => `Hello, ${name}`,
    body: (card: string, amount: string, date: string) =>
      `Your gift card ${card} still holds ${amount}. It can be spent until ${date}; after that day what is left of it can no longer be used.`,
    label: 'Go to the shop',
  },
  bg: {
    subject: 'Подаръчната ви карта на Atelier Noir изтича след 30 дни',
    preheader: 'Колко е останало по подаръчната ви карта и до кога.',
    hello: (name: string) => `Здравейте, ${name}`,
    body: (card: string, amount: string, date: string) =>
      `По подаръчната ви карта ${card} са останали ${amount}. Можете да я използвате до ${date}; след този ден остатъкът вече не може да се използва.`,
    label: 'Към магазина',
  },
} as const;

const day = (date: Date, lang: Language) =>
  new Intl.DateTimeFormat(lang === 'bg' ? 'bg-BG' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Sofia' }).format(
    date,
  );

/** The reminder 30 days before the expiry (a service mail): only an active card with something left. */
export async function remindOfExpiry(deps: GiftCardMailDeps, cardId: number): Promise<void> {
  const [card] = await deps.db.select().from(giftCards).where(eq(giftCards.id, cardId));
  if (!card || card.status !== 'active' || card.expiresAt <= new Date()) return;
  const left = await balanceCents(deps.db, { cardId });
  if (left <= 0) return;
  const lang: Language = card.lang === 'bg' ? 'bg' : 'en';
  const t = TEXTS[lang];
  await deps.mailer.send({
    to: card.recipientEmail,
    ...renderMail({
      lang,
      subject: t.subject,
      preheader: t.preheader,
      heading: t.hello(card.recipientName),
      intro: [t.body(maskedCode(card.last4), formatMoney(left, card.currency, lang), day(card.expiresAt, lang))],
      highlight: { kind: 'link', label: t.label, url: deps.links.giftCards().replace(/\/gift-cards$/, '/') },
    }),
  });
}

/** The card's expiry: under its lock, what is left goes in an `expired` entry (once; not before its time). */
export async function expireCard(deps: Pick<GiftCardMailDeps, 'db'>, cardId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockBalance(tx, { cardId });
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, cardId));
    if (!card || card.status !== 'active' || card.expiresAt > new Date()) return;
    const left = await balanceCents(tx, { cardId });
    if (left > 0) await writeEntry(tx, { cardId }, { kind: 'expired', cents: left });
  });
}
