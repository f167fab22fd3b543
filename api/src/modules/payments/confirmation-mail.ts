import type { Language } from '@shop/contract';
import type { Mail } from '../../platform/mail/mailer.js';
import { escapeHtml, formatMoney } from './format.js';

export interface PaidOrder {
  id: number;
  currency: string;
  totalCents: number;
  locale: Language;
  customer: { name: string; email: string };
  items: { name: string; colorName: string; size: string; unitPriceCents: number; quantity: number }[];
}

const TEXTS = {
  en: {
    subject: (id: number) => `Your Atelier Noir order #${id} is confirmed`,
    greeting: (name: string) => `Hello ${name},`,
    intro: 'Thank you for your purchase. Your payment was received and your order is confirmed.',
    order: (id: number) => `Order #${id}`,
    total: 'Total',
    history: 'See your orders',
    signature: 'Atelier Noir',
  },
  bg: {
    subject: (id: number) => `Поръчка №${id} в Atelier Noir е потвърдена`,
    greeting: (name: string) => `Здравейте, ${name},`,
    intro: 'Благодарим ви за покупката. Плащането е получено и поръчката ви е потвърдена.',
    order: (id: number) => `Поръчка №${id}`,
    total: 'Общо',
    history: 'Вижте поръчките си',
    signature: 'Atelier Noir',
  },
} as const;

/** The order confirmation, itemised with the total, in the language the order was placed in. */
export function confirmationMail(order: PaidOrder, publicUrl: string): Mail {
  const t = TEXTS[order.locale];
  const money = (cents: number) => formatMoney(cents, order.currency, order.locale);
  const historyUrl = `${publicUrl}/my-order`;
  const lines = order.items.map((item) => ({
    label: `${item.quantity} × ${item.name} (${item.colorName}, ${item.size})`,
    amount: money(item.unitPriceCents * item.quantity),
  }));

  const text = [
    t.greeting(order.customer.name),
    '',
    t.intro,
    '',
    t.order(order.id),
    ...lines.map((line) => `  ${line.label}  ${line.amount}`),
    `${t.total}: ${money(order.totalCents)}`,
    '',
    `${t.history}: ${historyUrl}`,
    '',
    t.signature,
  ].join('\n');

  const rows = lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 0">${escapeHtml(line.label)}</td><td style="padding:6px 0;text-align:right;white-space:nowrap">${escapeHtml(line.amount)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="${order.locale}"><body style="margin:0;background:#f4f0e8;color:#1d1b19;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="letter-spacing:.24em;font-size:12px;text-transform:uppercase;margin:0 0 24px">Atelier Noir</p>
<p>${escapeHtml(t.greeting(order.customer.name))}</p>
<p>${escapeHtml(t.intro)}</p>
<h1 style="font-family:Georgia,serif;font-weight:400;font-size:24px;margin:24px 0 8px">${escapeHtml(t.order(order.id))}</h1>
<table style="width:100%;border-collapse:collapse;font-size:14px">${rows}
<tr><td style="padding:12px 0;border-top:1px solid #cfc7ba;font-weight:bold">${escapeHtml(t.total)}</td><td style="padding:12px 0;border-top:1px solid #cfc7ba;text-align:right;font-weight:bold">${escapeHtml(money(order.totalCents))}</td></tr>
</table>
<p style="margin-top:24px"><a href="${escapeHtml(historyUrl)}" style="color:#7d2431">${escapeHtml(t.history)}</a></p>
<p style="color:#5c554c">${escapeHtml(t.signature)}</p>
</div></body></html>`;

  return { to: order.customer.email, subject: t.subject(order.id), text, html };
}
