import { colorNameIn, type Language, type Order, type Settings } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import type { OrderMailDeps } from '../orders/notify.js';
import { toOrders } from '../orders/service.js';
import { getSettings } from '../settings/service.js';

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
  publicUrl: string;
}

const TEXTS = {
  en: {
    subject: (id: number) => `We received your withdrawal from order #${id}`,
    preheader: 'Your withdrawal from the contract is recorded.',
    heading: (name: string) => `Hello, ${name}`,
    received: (id: number, when: string) =>
      `We received your withdrawal from the contract of order #${id} on ${when}. This mail is your acknowledgement.`,
    lines: 'You withdrew from:',
    next: (address: string) =>
      `Please send the items back within 14 days${address ? ` to ${address}` : ''}. We refund what you paid, including the standard delivery, within 14 days of receiving your withdrawal; we may wait until the items are back.`,
    label: 'See your order',
  },
  bg: {
    subject: (id: number) => `Получихме отказа ви от поръчка №${id}`,
    preheader: 'Отказът ви от договора е регистриран.',
    heading: (name: string) => `Здравейте, ${name}`,
    received: (id: number, when: string) =>
      `Получихме отказа ви от договора по поръчка №${id} на ${when}. Това писмо е потвърждението за него.`,
    lines: 'Отказахте се от:',
    next: (address: string) =>
      `Моля, върнете артикулите в срок от 14 дни${address ? ` на адрес ${address}` : ''}. Възстановяваме платеното, включително стандартната доставка, в срок от 14 дни от получаването на отказа; можем да изчакаме артикулите да пристигнат обратно.`,
    label: 'Вижте поръчката си',
  },
} as const;

/** The acknowledgement of a withdrawal, at once, with the date and time it was submitted. */
export function withdrawalMail(input: WithdrawalMailInput): Mail {
  const t = TEXTS[input.locale];
  const lines = input.items.flatMap((item) => {
    const line = input.order.items.find((candidate) => candidate.id === item.orderItemId);
    return line ? [`${item.quantity} × ${line.name} (${colorNameIn(line, input.locale)}, ${line.size})`] : [];
  });
  const { seller } = input.settings;
  const url = `${input.publicUrl}/my-order/${input.order.id}`;
  return {
    to: input.email,
    ...renderMail({
      lang: input.locale,
      subject: t.subject(input.order.id),
      preheader: t.preheader,
      heading: t.heading(input.name),
      intro: [t.received(input.order.id, moment(input.submittedAt, input.locale)), t.lines, ...lines],
      highlight: { kind: 'link', label: t.label, url },
      outro: [t.next([seller.legalName, seller.address].filter(Boolean).join(', '))],
    }),
  };
}

/**
 * Sends the acknowledgement of a recorded withdrawal. The withdrawal stands whatever happens to
 * the mail: a failed send is logged, never thrown.
 */
export async function mailWithdrawal(
  db: Db,
  deps: OrderMailDeps,
  recorded: { orderId: number; name: string; email: string; submittedAt: string; items: WithdrawalMailInput['items'] },
): Promise<void> {
  try {
    const [row] = await db.select().from(orders).where(eq(orders.id, recorded.orderId));
    if (!row || !recorded.email) return;
    const [[order], settings] = await Promise.all([toOrders(db, [row]), getSettings(db, deps.currency)]);
    await deps.mailer.send(
      withdrawalMail({ ...recorded, order: order!, locale: row.locale, settings, publicUrl: deps.publicUrl }),
    );
  } catch (error) {
    deps.log.error({ err: error, orderId: recorded.orderId }, 'withdrawal mail failed');
  }
}
