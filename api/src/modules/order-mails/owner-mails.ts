import { colorNameIn, itemNameIn, type Order } from '@shop/contract';
import { formatMoney } from '../../lib/format.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { both, OWNER_FOOTER, OWNER_LANG } from '../../platform/mail/owner-notice.js';

/**
 * The order's notices to the owner (in both languages, Bulgarian first: platform/mail/owner-notice.ts):
 * a new order, and a refund the provider keeps refusing. A reply to an order's mail goes to its shopper.
 */

export interface OwnerOrderMailInput {
  to: string;
  order: Order;
  customer: { name: string; email: string } | null;
  links: WebLinks;
}

export function ownerOrderMail({ to, order, customer, links }: OwnerOrderMailInput): Mail {
  const money = (cents: number, lang: 'en' | 'bg') => formatMoney(cents, order.currency, lang);
  const ref = order.reference;
  const cod = order.paymentMethod === 'cod';
  const lines = (lang: 'en' | 'bg') =>
    order.items.map(
      (item) => `${item.quantity} × ${itemNameIn(item, lang)} (${colorNameIn(item, lang)}, ${item.size})`,
    );
  const who = customer ? `${customer.name} <${customer.email}>` : '';
  const en = [
    `A new order ${ref} of ${money(order.total, 'en')}, ${cod ? 'cash on delivery' : 'paid by card'}${who ? `, from ${who}` : ''}.`,
    ...(order.confirmationRequired ? ['It waits for your confirmation before it ships (a new account).'] : []),
    ...lines('en'),
  ];
  const bg = [
    `Нова поръчка ${ref} за ${money(order.total, 'bg')}, ${cod ? 'с наложен платеж' : 'платена с карта'}${who ? `, от ${who}` : ''}.`,
    ...(order.confirmationRequired ? ['Чака вашето потвърждение, преди да бъде изпратена (нов профил).'] : []),
    ...lines('bg'),
  ];
  return {
    to,
    ...(customer ? { replyTo: customer.email } : { replyTo: '' }),
    ...renderMail({
      lang: OWNER_LANG,
      subject: both(`New order ${ref}`, `Нова поръчка ${ref}`),
      preheader: both(`${money(order.total, 'en')}`, cod ? 'наложен платеж' : 'карта'),
      heading: both('New order', 'Нова поръчка'),
      footer: OWNER_FOOTER,
      intro: [...bg, '', ...en].filter(Boolean),
      highlight: {
        kind: 'link',
        label: both('Open the order', 'Отворете поръчката'),
        url: links.adminOrder(order.id),
      },
    }),
  };
}

/**
 * The payment provider keeps refusing a refund: the owner hears what it said, that the shopper was
 * told nothing (the refund mail and any credit note wait for the refund), and where to retry it.
 */
export function refundRefusedMail({
  to,
  order,
  amountCents,
  error,
  links,
}: {
  to: string;
  order: { id: number; reference: string; currency: string };
  amountCents: number;
  error: string;
  links: WebLinks;
}): Mail {
  const money = (lang: 'en' | 'bg') => formatMoney(amountCents, order.currency, lang);
  const ref = order.reference;
  return {
    to,
    replyTo: '',
    ...renderMail({
      lang: OWNER_LANG,
      subject: both(`Refund refused: order ${ref}`, `Отказано възстановяване: поръчка ${ref}`),
      preheader: both(money('en'), money('bg')),
      heading: both('A refund was refused', 'Отказано възстановяване'),
      footer: OWNER_FOOTER,
      intro: [
        `Платежният доставчик отказа да възстанови ${money('bg')} по поръчка ${ref}: ${error}`,
        'Клиентът не е уведомен и не е издадено кредитно известие: писмото за възстановяването и кредитното известие (ако има фактура) чакат, докато доставчикът извърши възстановяването.',
        'Магазинът ще опитва отново около час и половина. След това възстановяването ще чака вас в „Задачи, които не успяват“ на таблото: отстранете причината, посочена от доставчика (наличността по сметката, състоянието на плащането), и опитайте отново оттам.',
        '',
        `The payment provider refused to refund ${money('en')} of order ${ref}: ${error}`,
        'The shopper has not been told, and no credit note was issued: the refund mail and any credit note wait until the provider makes the refund.',
        'The shop keeps trying for about an hour and a half. Then the refund waits for you under "Tasks that keep failing" on the dashboard: put right what the provider names (the account\'s balance, the payment\'s state) and retry it there.',
      ],
      highlight: {
        kind: 'link',
        label: both('Open the order', 'Отворете поръчката'),
        url: links.adminOrder(order.id),
      },
    }),
  };
}
