import { colorNameIn, itemNameIn, type Language, type Order, type Settings } from '@shop/contract';
import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { testPaymentLine } from '../order-mails/mails.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { toOrders } from '../orders/service.js';
import { getSettings } from '../settings/service.js';
import { withdrawalAddressed } from './service.js';

/** The shop's time, for dates a shopper may need to prove (Bulgaria). */
const TIME_ZONE = 'Europe/Sofia';

const moment = (iso: string, locale: Language) =>
  new Intl.DateTimeFormat(locale === 'bg' ? 'bg-BG' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));

export interface WithdrawalMailInput {
  order: Order;
  locale: Language;
  name: string;
  email: string;
  submittedAt: string;
  items: { orderItemId: number; quantity: number }[];
  settings: Settings;
  links: WebLinks;
}

/** "Hello, Ana" — or just "Hello" for an order that kept no name. */
const hello = (word: string, name: string) => (name ? `${word}, ${name}` : word);

const TEXTS = {
  en: {
    subject: (ref: string) => `We received your withdrawal from order ${ref}`,
    preheader: 'Your withdrawal from the contract is recorded.',
    heading: (name: string) => hello('Hello', name),
    received: (ref: string, when: string) =>
      `We received your withdrawal from the contract of order ${ref} on ${when}. This mail is your acknowledgement.`,
    lines: 'You withdrew from:',
    next: (address: string) =>
      `Please send the items back within 14 days${address ? ` to ${address}` : ''}. We refund what you paid, including the standard delivery, within 14 days of receiving your withdrawal; we may wait until the items are back.`,
    label: 'See your order',
    confirm: {
      subject: (ref: string) => `Confirm your withdrawal from order ${ref}`,
      preheader: 'One step left: confirm the withdrawal with the button in this mail.',
      asked: (ref: string, when: string) =>
        `On ${when}, the withdrawal form on our website was sent for order ${ref}, with this email address. Nothing is recorded until you confirm it.`,
      howTo: (hours: number) =>
        `To withdraw from the contract, open this link within ${hours} hours and press "Confirm withdrawal". Your withdrawal then counts from the moment the form was sent.`,
      label: 'Open the withdrawal',
      notYou: 'If you did not ask for this, ignore this mail: your order stays as it is.',
    },
  },
  bg: {
    subject: (ref: string) => `Получихме отказа ви от поръчка ${ref}`,
    preheader: 'Отказът ви от договора е регистриран.',
    heading: (name: string) => hello('Здравейте', name),
    received: (ref: string, when: string) =>
      `Получихме отказа ви от договора по поръчка ${ref} на ${when}. Това писмо е потвърждението за него.`,
    lines: 'Отказахте се от:',
    next: (address: string) =>
      `Моля, върнете артикулите в срок от 14 дни${address ? ` на адрес ${address}` : ''}. Възстановяваме платеното, включително стандартната доставка, в срок от 14 дни от получаването на отказа; можем да изчакаме артикулите да пристигнат обратно.`,
    label: 'Вижте поръчката си',
    confirm: {
      subject: (ref: string) => `Потвърдете отказа си от поръчка ${ref}`,
      preheader: 'Остава една стъпка: потвърдете отказа с бутона в това писмо.',
      asked: (ref: string, when: string) =>
        `На ${when} от формуляра за отказ на нашия сайт беше изпратен отказ от поръчка ${ref} с този имейл адрес. Нищо не е регистрирано, докато не го потвърдите.`,
      howTo: (hours: number) =>
        `За да се откажете от договора, отворете тази връзка в рамките на ${hours} часа и натиснете „Потвърдете отказа“. Отказът ви се смята от момента, в който формулярът е изпратен.`,
      label: 'Отворете отказа',
      notYou: 'Ако не сте поискали това, не обръщайте внимание на писмото: поръчката ви остава непроменена.',
    },
  },
} as const;

/** The acknowledgement of a recorded withdrawal, with the date and time it was submitted. */
export function withdrawalMail(input: WithdrawalMailInput): Mail {
  const t = TEXTS[input.locale];
  const lines = input.items.flatMap((item) => {
    const line = input.order.items.find((candidate) => candidate.id === item.orderItemId);
    return line
      ? [`${item.quantity} × ${itemNameIn(line, input.locale)} (${colorNameIn(line, input.locale)}, ${line.size})`]
      : [];
  });
  const { seller } = input.settings;
  const url = input.links.order(input.order.id);
  const ref = input.order.reference;
  return {
    to: input.email,
    ...renderMail({
      lang: input.locale,
      subject: t.subject(ref),
      preheader: t.preheader,
      heading: t.heading(input.name),
      intro: [
        // First, as in the order's own mails: the order looks paid, and no money moved.
        ...(input.order.testPayment ? [testPaymentLine(input.locale)] : []),
        t.received(ref, moment(input.submittedAt, input.locale)),
        t.lines,
        ...lines,
      ],
      highlight: { kind: 'link', label: t.label, url },
      outro: [t.next([seller.legalName, seller.address].filter(Boolean).join(', '))],
    }),
  };
}

/**
 * The link that proves the public form's sender reads the order's mail: to the order's address,
 * greeting the order's own name (never the name typed in the form, which no mail repeats).
 */
export function confirmationMail(input: {
  locale: Language;
  to: string;
  name: string;
  reference: string;
  submittedAt: string;
  url: string;
  validHours: number;
}): Mail {
  const t = TEXTS[input.locale];
  return {
    to: input.to,
    ...renderMail({
      lang: input.locale,
      subject: t.confirm.subject(input.reference),
      preheader: t.confirm.preheader,
      heading: t.heading(input.name),
      intro: [
        t.confirm.asked(input.reference, moment(input.submittedAt, input.locale)),
        t.confirm.howTo(input.validHours),
      ],
      highlight: { kind: 'link', label: t.confirm.label, url: input.url },
      outro: [t.confirm.notYou],
    }),
  };
}

/**
 * Sends the acknowledgement of a recorded withdrawal (an effect of the order's `withdrawal` event,
 * effects.ts): to the order's email, greeting the order's own name. A failed send throws, and the
 * outbox tries again.
 */
export async function mailWithdrawal(db: Db, deps: OrderMailDeps, withdrawalId: number): Promise<void> {
  const found = await withdrawalAddressed(db, withdrawalId);
  if (!found?.email) return;
  const { withdrawal, row } = found;
  const [[order], settings] = await Promise.all([toOrders(db, [row]), getSettings(db, deps)]);
  await deps.mailer.send(
    withdrawalMail({
      order: order!,
      locale: row.locale,
      name: found.name,
      email: found.email,
      submittedAt: withdrawal.submittedAt.toISOString(),
      items: withdrawal.items,
      settings,
      links: deps.links,
    }),
  );
}
