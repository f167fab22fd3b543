import { colorNameIn, itemNameIn, WITHDRAWAL_REFUND_DAYS, withdrawalRefundDeadline, type Order } from '@shop/contract';
import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { toOrders } from '../orders/service.js';
import { ownerAddress } from '../settings/service.js';
import { both, OWNER_FOOTER, OWNER_LANG } from '../../platform/mail/owner-notice.js';
import { withdrawalAddressed } from './service.js';

const day = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Sofia' }).format(new Date(iso));

/** The owner's notice of a withdrawal, in Bulgarian then English (platform/mail/owner-notice.ts); a reply goes to the shopper. */
export function ownerWithdrawalMail(input: {
  to: string;
  order: Order;
  shopper: { name: string; email: string };
  submittedAt: string;
  items: { orderItemId: number; quantity: number }[];
  reason: string | null;
  links: WebLinks;
}): Mail {
  const { order } = input;
  const ref = order.reference;
  const deadline = withdrawalRefundDeadline(input.submittedAt).toISOString();
  const lines = (lang: 'en' | 'bg') =>
    input.items.flatMap((item) => {
      const line = order.items.find((candidate) => candidate.id === item.orderItemId);
      return line ? [`${item.quantity} × ${itemNameIn(line, lang)} (${colorNameIn(line, lang)}, ${line.size})`] : [];
    });
  const who = `${input.shopper.name} <${input.shopper.email}>`.trim();
  return {
    to: input.to,
    replyTo: input.shopper.email,
    ...renderMail({
      lang: OWNER_LANG,
      subject: both(`Withdrawal from order ${ref}`, `Отказ от поръчка ${ref}`),
      preheader: both(`Refund by ${day(deadline, 'en-GB')}`, `Възстановете до ${day(deadline, 'bg-BG')}`),
      heading: both('A withdrawal', 'Отказ от договора'),
      footer: OWNER_FOOTER,
      intro: [
        `${who} се отказа от поръчка ${ref} на ${day(input.submittedAt, 'bg-BG')}${input.reason ? ` („${input.reason}“)` : ''}:`,
        ...lines('bg'),
        `Законът ви дава срок до ${day(deadline, 'bg-BG')} (${WITHDRAWAL_REFUND_DAYS} дни от уведомлението) да възстановите платеното за тези артикули, със стандартната доставка; можете да изчакате артикулите да се върнат.`,
        `${who} withdrew from order ${ref} on ${day(input.submittedAt, 'en-GB')}${input.reason ? ` (“${input.reason}”)` : ''}:`,
        ...lines('en'),
        `The law gives you until ${day(deadline, 'en-GB')} (${WITHDRAWAL_REFUND_DAYS} days from the notice) to refund what was paid for these lines, with the standard delivery; you may wait until the items are back.`,
      ],
      highlight: {
        kind: 'link',
        label: both('Open the order', 'Отворете поръчката'),
        url: input.links.adminOrder(order.id),
      },
    }),
  };
}

/** Tells the owner of a recorded withdrawal (an effect of the `withdrawal` event). No address: no one to tell. */
export async function mailOwnerWithdrawal(db: Db, deps: OrderMailDeps, withdrawalId: number): Promise<void> {
  const to = await ownerAddress(db);
  if (!to) return;
  const found = await withdrawalAddressed(db, withdrawalId);
  if (!found) return;
  const [order] = await toOrders(db, [found.row]);
  await deps.mailer.send(
    ownerWithdrawalMail({
      to,
      order: order!,
      shopper: { name: found.name ?? '', email: found.email ?? '' },
      submittedAt: found.withdrawal.submittedAt.toISOString(),
      items: found.withdrawal.items,
      reason: found.withdrawal.reason,
      links: deps.links,
    }),
  );
}
