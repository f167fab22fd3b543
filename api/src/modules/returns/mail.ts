import { fromCents, intlMoney, type Language } from '@shop/contract';
import type { Db } from '../../db/client.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { refundShares, type RefundShares } from '../orders/refund-shares.js';
import { refundSharesText } from '../order-mails/refund-shares.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { addresseeOf, readOrder, readWithShopper } from '../orders/store.js';
import { readAdminReturn } from './admin.js';
import type { AdminReturnRead } from './read.js';
import type { ReturnMailKind } from './effect-kinds.js';

/** The shopper's mails at each step of a return (YEAR.md section 2), in the order's language. */

const TEXTS = {
  en: {
    hello: 'Hello',
    label: 'See your order',
    approved: {
      subject: (ref: string) => `Your return ${ref} is approved`,
      preheader: 'Send the items back to us.',
      intro: (ref: string) =>
        `We approved your return ${ref}. Please send the items back to us, with the return number in the parcel.`,
      exchange: 'The size or colour you asked for stays held for you until the parcel arrives.',
    },
    rejected: {
      subject: (ref: string) => `We cannot accept your return ${ref}`,
      preheader: 'Our answer to your return.',
      intro: (ref: string) => `We cannot accept your return ${ref}.`,
      reason: (text: string) => `Our reason: ${text}`,
      exchange: 'The size or colour we held for you is released.',
    },
    received: {
      subject: (ref: string) => `We received your return ${ref}`,
      preheader: 'Your parcel has arrived.',
      intro: (ref: string) => `Your return ${ref} has arrived and we checked the items.`,
      waiting: 'We will write to you again once we have decided what follows.',
    },
    settled: {
      subject: (ref: string) => `Your return ${ref} is complete`,
      preheader: 'Your return is complete.',
      refund: (amount: string) => `We refunded you ${amount}.`,
      card: 'The money goes back to the card you paid with; your bank may take a few days to show it.',
      exchange: (ref: string) =>
        `Your exchange is order ${ref}: we ship it to the same address as your order, free of charge.`,
      credit: (amount: string) => `We added ${amount} of store credit to your account: it pays your next order.`,
    },
  },
  bg: {
    hello: 'Здравейте',
    label: 'Вижте поръчката си',
    approved: {
      subject: (ref: string) => `Връщането ви ${ref} е одобрено`,
      preheader: 'Изпратете ни артикулите обратно.',
      intro: (ref: string) =>
        `Одобрихме връщането ви ${ref}. Моля, изпратете ни артикулите обратно, с номера на връщането в пратката.`,
      exchange: 'Размерът или цветът, който поискахте, остава запазен за вас, докато пратката пристигне.',
    },
    rejected: {
      subject: (ref: string) => `Не можем да приемем връщането ви ${ref}`,
      preheader: 'Нашият отговор за връщането ви.',
      intro: (ref: string) => `Не можем да приемем връщането ви ${ref}.`,
      reason: (text: string) => `Причина: ${text}`,
      exchange: 'Размерът или цветът, който бяхме запазили за вас, е освободен.',
    },
    received: {
      subject: (ref: string) => `Получихме връщането ви ${ref}`,
      preheader: 'Пратката ви пристигна.',
      intro: (ref: string) => `Връщането ви ${ref} пристигна и прегледахме артикулите.`,
      waiting: 'Ще ви пишем отново, щом решим какво следва.',
    },
    settled: {
      subject: (ref: string) => `Връщането ви ${ref} е приключено`,
      preheader: 'Връщането ви е приключено.',
      refund: (amount: string) => `Възстановихме ви ${amount}.`,
      card: 'Парите се връщат по картата, с която платихте; банката ви може да ги покаже след няколко дни.',
      exchange: (ref: string) => `Замяната ви е поръчка ${ref}: изпращаме я безплатно на адреса на поръчката ви.`,
      credit: (amount: string) =>
        `Добавихме ${amount} кредит за пазаруване към профила ви: с него се плаща следващата ви поръчка.`,
    },
  },
} as const;

export interface ReturnMailInput {
  kind: ReturnMailKind;
  item: AdminReturnRead;
  locale: Language;
  name: string;
  email: string;
  currency: string;
  /** Paid by card: a refund goes back through the provider. */
  card: boolean;
  /** Cash on delivery: what the refund gave back to each gift card and the store credit, and the bank transfer's share. */
  shares: RefundShares | null;
  /** The exchange order's reference, once made. */
  exchangeReference: string | null;
  orderUrl: string;
}

/** What one step's mail says. */
function paragraphs(input: ReturnMailInput): string[] {
  const { item, locale, kind } = input;
  const t = TEXTS[locale];
  const money = (cents: number) => intlMoney(fromCents(cents), locale, input.currency);
  const exchange = item.outcome === 'exchange';
  if (kind === 'approved') return [t.approved.intro(item.reference), ...(exchange ? [t.approved.exchange] : [])];
  if (kind === 'rejected') {
    return [
      t.rejected.intro(item.reference),
      ...(item.rejectReason ? [t.rejected.reason(item.rejectReason)] : []),
      ...(exchange ? [t.rejected.exchange] : []),
    ];
  }
  if (kind === 'received') {
    return [t.received.intro(item.reference), ...(item.status === 'received' ? [t.received.waiting] : [])];
  }
  if (item.outcome === 'refund') {
    const how = input.card ? [t.settled.card] : refundSharesText(input.shares, locale, input.currency);
    return [t.settled.refund(money(item.refund)), ...how];
  }
  if (exchange) return [t.settled.exchange(input.exchangeReference ?? '')];
  return [t.settled.credit(money(item.refund))];
}

export function returnMail(input: ReturnMailInput): Mail {
  const t = TEXTS[input.locale];
  const texts = t[input.kind];
  return {
    to: input.email,
    ...renderMail({
      lang: input.locale,
      subject: texts.subject(input.item.reference),
      preheader: texts.preheader,
      heading: input.name ? `${t.hello}, ${input.name}` : t.hello,
      intro: paragraphs(input),
      highlight: { kind: 'link', label: t.label, url: input.orderUrl },
    }),
  };
}

/**
 * Sends a return's mail of one step (an effect: effects.ts) to the order's email in the order's
 * language. An order whose account and email are gone mails no one; a failed send throws, and the
 * outbox tries again.
 */
export async function mailReturn(deps: OrderMailDeps & { db: Db }, returnId: number, kind: ReturnMailKind) {
  const item = await readAdminReturn(deps.db, returnId);
  const found = await readWithShopper(deps.db, item.orderId);
  if (!found) return;
  const { email, name } = addresseeOf(found);
  if (!email) return;
  const card = found.row.paymentMethod === 'card';
  const refunded = kind === 'settled' && item.outcome === 'refund' && !card;
  const exchangeOrder = item.exchangeOrderId ? await readOrder(deps.db, item.exchangeOrderId) : undefined;
  await deps.mailer.send(
    returnMail({
      kind,
      item,
      locale: found.row.locale,
      name,
      email,
      currency: found.row.currency,
      card,
      shares: refunded ? await refundShares(deps.db, item.orderId, `return-${item.id}`, item.refund) : null,
      exchangeReference: exchangeOrder?.reference ?? null,
      orderUrl: deps.links.order(item.orderId),
    }),
  );
}
