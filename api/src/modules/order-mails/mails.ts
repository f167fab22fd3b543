import {
  carrierNameIn,
  colorNameIn,
  itemNameIn,
  type Language,
  type Order,
  percentOff,
  type Settings,
} from '@shop/contract';
import type { WebLinks } from '../../lib/links.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { escapeHtml, formatMoney } from '../../lib/format.js';
import type { OrderMailKind } from './effect-kinds.js';
import { guaranteeNoticeHtml, guaranteeNoticeText } from './guarantee-notice.js';

export interface OrderMailInput {
  kind: OrderMailKind;
  order: Order;
  locale: Language;
  customer: { name: string; email: string };
  settings: Settings;
  links: WebLinks;
  /** `refunded`: the amount of this refund (cents); `cancelled`: the reason, if the owner gave one. */
  amountCents?: number | undefined;
  /** `refunded`: what of it went back to the card; the rest went to gift cards and store credit (none: all to the card). */
  providerCents?: number | undefined;
  reason?: string;
  /** The number of the sale document attached to this mail (notify.ts), said in it. */
  saleDocument?: string | null;
}

const COUNTRY_NAMES: Record<Language, Intl.DisplayNames> = {
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
  bg: new Intl.DisplayNames(['bg'], { type: 'region' }),
};

const TEXTS = {
  en: {
    subject: {
      confirmed: (ref: string) => `Your Atelier Noir order ${ref} is confirmed`,
      shipped: (ref: string) => `Your Atelier Noir order ${ref} is on its way`,
      delivered: (ref: string) => `Your Atelier Noir order ${ref} was delivered`,
      cancelled: (ref: string) => `Your Atelier Noir order ${ref} was cancelled`,
      refunded: (ref: string) => `A refund for your Atelier Noir order ${ref}`,
    },
    greeting: (name: string) => `Hello ${name},`,
    intro: {
      confirmedCard: 'Thank you for your purchase. Your payment was received and your order is confirmed.',
      confirmedCod: 'Thank you for your order. It is confirmed: you pay the courier in cash when it arrives.',
      confirmedNothingDue: 'Thank you for your order. There was nothing to pay: it is paid and confirmed.',
      shipped: 'Your order is on its way.',
      delivered: 'Your order was delivered. We hope you enjoy it.',
      cancelled: 'Your order was cancelled.',
      cancelledRefunded: 'Your order was cancelled and what you paid is refunded in full.',
      refunded: (amount: string) => `We refunded ${amount} to the card you paid with. It can take a few days to show.`,
      refundedSplit: (card: string, cards: string) =>
        `We refunded ${card} to the card you paid with, and ${cards} to the gift cards and store credit you paid with. The card's refund can take a few days to show.`,
      refundedToCards: (cards: string) =>
        `We gave back ${cards} to the gift cards and store credit you paid with. You can spend it at once.`,
    },
    testPayment:
      "TEST PAYMENT: this order was paid on the shop's test payment page, where no money is taken. Nothing was charged to your card.",
    reason: (reason: string) => `Reason: ${reason}`,
    tracking: (carrier: string, number: string) => `Carrier: ${carrier} · tracking number ${number}`,
    follow: 'Follow the parcel',
    order: (ref: string) => `Order ${ref}`,
    subtotal: 'Subtotal',
    discount: (code: string) => `Discount (${code})`,
    wasPrice: (prior: string, percent: number) => `was ${prior}, −${percent}%`,
    delivery: 'Delivery',
    free: 'Free',
    codFee: 'Cash-on-delivery fee',
    total: 'Total',
    vat: 'VAT included',
    refundedSoFar: 'Refunded',
    deliveryTo: {
      address: 'Delivery to',
      office: 'Delivery to the courier office',
      locker: 'Delivery to the parcel locker',
    },
    saleDocument: (number: string) =>
      `Your sale document No. ${number} for this payment is attached to this mail (PDF); it is also on your order's page.`,
    returns: (days: number) =>
      `You may withdraw from this purchase within ${days} days of delivery, without giving a reason: use "Withdraw from contract here" on your order's page.`,
    seller: 'Seller',
    companyId: 'Company ID',
    vatId: 'VAT ID',
    view: 'See your order',
  },
  bg: {
    subject: {
      confirmed: (ref: string) => `Поръчка ${ref} в Atelier Noir е потвърдена`,
      shipped: (ref: string) => `Поръчка ${ref} в Atelier Noir е изпратена`,
      delivered: (ref: string) => `Поръчка ${ref} в Atelier Noir е доставена`,
      cancelled: (ref: string) => `Поръчка ${ref} в Atelier Noir е отказана`,
      refunded: (ref: string) => `Възстановена сума по поръчка ${ref} в Atelier Noir`,
    },
    greeting: (name: string) => `Здравейте, ${name},`,
    intro: {
      confirmedCard: 'Благодарим ви за покупката. Плащането е получено и поръчката ви е потвърдена.',
      confirmedCod: 'Благодарим ви за поръчката. Тя е потвърдена: плащате в брой на куриера при доставка.',
      confirmedNothingDue: 'Благодарим ви за поръчката. Нямаше нищо за плащане: тя е платена и потвърдена.',
      shipped: 'Поръчката ви е на път.',
      delivered: 'Поръчката ви е доставена. Надяваме се да ви хареса.',
      cancelled: 'Поръчката ви е отказана.',
      cancelledRefunded: 'Поръчката ви е отказана и платената сума е възстановена изцяло.',
      refunded: (amount: string) =>
        `Възстановихме ${amount} по картата, с която платихте. Може да минат няколко дни, докато се появят.`,
      refundedSplit: (card: string, cards: string) =>
        `Възстановихме ${card} по картата, с която платихте, и ${cards} по подаръчните карти и кредита в магазина, с които платихте. Сумата по картата може да се появи след няколко дни.`,
      refundedToCards: (cards: string) =>
        `Върнахме ${cards} по подаръчните карти и кредита в магазина, с които платихте. Можете да ги използвате веднага.`,
    },
    testPayment:
      'ТЕСТОВО ПЛАЩАНЕ: поръчката е платена на тестовата страница за плащане на магазина, където не се вземат пари. От картата ви не е изтеглена сума.',
    reason: (reason: string) => `Причина: ${reason}`,
    tracking: (carrier: string, number: string) => `Куриер: ${carrier} · номер на пратката ${number}`,
    follow: 'Проследете пратката',
    order: (ref: string) => `Поръчка ${ref}`,
    subtotal: 'Междинна сума',
    discount: (code: string) => `Отстъпка (${code})`,
    wasPrice: (prior: string, percent: number) => `преди ${prior}, −${percent}%`,
    delivery: 'Доставка',
    free: 'Безплатна',
    codFee: 'Такса наложен платеж',
    total: 'Общо',
    vat: 'с включен ДДС',
    refundedSoFar: 'Възстановено',
    deliveryTo: {
      address: 'Доставка до',
      office: 'Доставка до офис на куриер',
      locker: 'Доставка до автомат за пратки',
    },
    saleDocument: (number: string) =>
      `Документът за продажба № ${number} за това плащане е прикачен към писмото (PDF); има го и на страницата на поръчката.`,
    returns: (days: number) =>
      `Можете да се откажете от покупката в срок от ${days} дни след доставката, без да посочвате причина: чрез „Отказ от договора тук“ на страницата на поръчката.`,
    seller: 'Продавач',
    companyId: 'ЕИК',
    vatId: 'ДДС №',
    view: 'Вижте поръчката си',
  },
} as const;

/** An order mail: what happened, the lines with delivery and total, where it goes, and who sells. */
/**
 * The line that opens every mail about an order paid on the built-in test page (the order looks
 * paid, and no money moved), in the order's language: the withdrawal acknowledgement carries it too.
 */
export const testPaymentLine = (locale: Language): string => TEXTS[locale].testPayment;

/** What a refund's mail says: all to the card, or its share to the card and the rest to gift cards and credit. */
function refundedIntro(
  intro: (typeof TEXTS)[Language]['intro'],
  money: (cents: number) => string,
  amountCents: number,
  providerCents = amountCents,
): string {
  if (providerCents >= amountCents) return intro.refunded(money(amountCents));
  const cards = money(amountCents - providerCents);
  return providerCents === 0 ? intro.refundedToCards(cards) : intro.refundedSplit(money(providerCents), cards);
}

export function orderMail(input: OrderMailInput): Mail {
  const { order, locale, settings, kind } = input;
  const t = TEXTS[locale];
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  const url = input.links.order(order.id);

  const intro =
    kind === 'confirmed'
      ? order.paymentMethod === 'cod'
        ? t.intro.confirmedCod
        : // Nothing to pay (decision 0051): paid at once, no payment was received.
          order.total === 0
          ? t.intro.confirmedNothingDue
          : t.intro.confirmedCard
      : kind === 'cancelled'
        ? order.status === 'refunded'
          ? t.intro.cancelledRefunded
          : t.intro.cancelled
        : kind === 'refunded'
          ? refundedIntro(t.intro, money, input.amountCents ?? order.refunded, input.providerCents)
          : t.intro[kind];
  const notes: string[] = [];
  if (kind === 'cancelled' && input.reason) notes.push(t.reason(input.reason));
  if (kind === 'shipped' && order.tracking)
    notes.push(t.tracking(carrierNameIn(order.tracking.carrier, locale), order.tracking.number));
  if (input.saleDocument) notes.push(t.saleDocument(input.saleDocument));
  if (kind === 'confirmed' || kind === 'delivered') notes.push(t.returns(settings.returnDays));

  // A line bought on sale says its prior price (the 30-day lowest) and the reduction from it.
  const onSale = (item: Order['items'][number]) =>
    item.priorPrice ? ` · ${t.wasPrice(money(item.priorPrice), percentOff(item.priorPrice, item.unitPrice))}` : '';
  const lines = order.items.map((item) => ({
    label: `${item.quantity} × ${itemNameIn(item, locale)} (${colorNameIn(item, locale)}, ${item.size}${onSale(item)})`,
    amount: money(item.unitPrice * item.quantity),
  }));
  const sums = [
    { label: t.subtotal, amount: money(order.subtotal) },
    ...(order.discount ? [{ label: t.discount(order.discount.code), amount: `−${money(order.discount.amount)}` }] : []),
    { label: t.delivery, amount: order.deliveryCost === 0 ? t.free : money(order.deliveryCost) },
    ...(order.codFee > 0 ? [{ label: t.codFee, amount: money(order.codFee) }] : []),
  ];
  const total = { label: `${t.total} (${t.vat})`, amount: money(order.total) };
  const refunded = order.refunded > 0 ? [{ label: t.refundedSoFar, amount: money(order.refunded) }] : [];

  const place = order.delivery;
  // A locker from the courier's list is not a staffed office: the mail says which was chosen.
  const placeKind = place?.method === 'office' && place.officeKind === 'locker' ? 'locker' : place?.method;
  const address = place
    ? [
        place.name,
        place.method === 'office' ? (place.office ?? '') : (place.line1 ?? ''),
        `${place.postcode} ${place.city}`,
        COUNTRY_NAMES[locale].of(place.country) ?? place.country,
        place.phone,
      ].filter(Boolean)
    : [];
  const { seller } = settings;
  const sellerLines = [
    seller.legalName,
    seller.address,
    seller.companyId && `${t.companyId} ${seller.companyId}`,
    seller.vatId && `${t.vatId} ${seller.vatId}`,
    [seller.email, seller.phone].filter(Boolean).join(' · '),
  ].filter(Boolean);

  // The EU notice on the legal guarantee goes with the confirmation (decision 0054); its QR code
  // is the attachment notify.ts adds (guaranteeNoticeAttachment).
  const notice = kind === 'confirmed';

  // First, where it cannot be missed: the order looks paid, and no money moved.
  const testPayment = order.testPayment ? [t.testPayment] : [];

  const text = [
    t.greeting(input.customer.name),
    '',
    ...testPayment,
    intro,
    ...notes,
    ...(kind === 'shipped' && order.tracking?.url ? [`${t.follow}: ${order.tracking.url}`] : []),
    '',
    t.order(order.reference),
    ...lines.map((line) => `  ${line.label}  ${line.amount}`),
    ...[...sums, total, ...refunded].map((line) => `${line.label}: ${line.amount}`),
    ...(address.length > 0 && placeKind
      ? ['', `${t.deliveryTo[placeKind]}:`, ...address.map((line) => `  ${line}`)]
      : []),
    '',
    `${t.view}: ${url}`,
    ...(sellerLines.length > 0 ? ['', `${t.seller}:`, ...sellerLines.map((line) => `  ${line}`)] : []),
    ...(notice ? ['', ...guaranteeNoticeText(locale)] : []),
  ].join('\n');

  const row = (line: { label: string; amount: string }, strong = false) =>
    `<tr><td style="padding:6px 0${strong ? ';border-top:1px solid #cfc7ba;font-weight:bold' : ''}">${escapeHtml(line.label)}</td><td style="padding:6px 0;text-align:right;white-space:nowrap${strong ? ';border-top:1px solid #cfc7ba;font-weight:bold' : ''}">${escapeHtml(line.amount)}</td></tr>`;
  const paragraph = (value: string, style = '') => `<p style="${style}">${escapeHtml(value)}</p>`;
  const block = (title: string, body: string[]) =>
    `<p style="margin:24px 0 4px;font-size:12px;letter-spacing:.12em;text-transform:uppercase;color:#5c554c">${escapeHtml(title)}</p><p style="margin:0;line-height:1.6">${body.map(escapeHtml).join('<br>')}</p>`;
  const follow =
    kind === 'shipped' && order.tracking?.url
      ? `<p><a href="${escapeHtml(order.tracking.url)}" style="color:#7d2431">${escapeHtml(t.follow)}</a></p>`
      : '';
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f0e8;color:#1d1b19;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="letter-spacing:.24em;font-size:12px;text-transform:uppercase;margin:0 0 24px">Atelier Noir</p>
${paragraph(t.greeting(input.customer.name))}
${testPayment.map((line) => paragraph(line, 'padding:10px 12px;border:2px solid #7d2431;color:#7d2431;font-weight:bold')).join('\n')}
${paragraph(intro)}
${notes.map((note) => paragraph(note)).join('\n')}
${follow}
<h1 style="font-family:Georgia,serif;font-weight:400;font-size:24px;margin:24px 0 8px">${escapeHtml(t.order(order.reference))}</h1>
<table style="width:100%;border-collapse:collapse;font-size:14px">${lines.map((line) => row(line)).join('')}
${sums.map((line) => row(line)).join('')}${row(total, true)}${refunded.map((line) => row(line)).join('')}</table>
${address.length > 0 && placeKind ? block(t.deliveryTo[placeKind], address) : ''}
<p style="margin-top:24px"><a href="${escapeHtml(url)}" style="color:#7d2431">${escapeHtml(t.view)}</a></p>
${sellerLines.length > 0 ? block(t.seller, sellerLines) : ''}
${notice ? guaranteeNoticeHtml(locale) : ''}
</div></body></html>`;

  return { to: input.customer.email, subject: t.subject[kind](order.reference), text, html };
}
