import type { Language, Sale } from '@shop/contract';
import { escapeHtml, formatMoney } from '../../lib/format.js';

/** One product as a marketing mail shows it: as the storefront's card (image, name, price and any sale). */
export interface MailCard {
  name: string;
  /** Absolute (under PUBLIC_URL), or already absolute. */
  imageUrl: string;
  url: string;
  /** What the shopper pays now. */
  price: number;
  /** The sale in force (its prior price and percentage are shown only when it announces a reduction). */
  sale: Sale | null;
  /** A line under the price (a cart line's colour, size and quantity; "sold out"). */
  note?: string;
}

const TEXTS = {
  en: { prior: (price: string) => `Lowest price in the 30 days before the sale: ${price}` },
  bg: { prior: (price: string) => `Най-ниска цена за 30-те дни преди намалението: ${price}` },
} as const satisfies Record<Language, unknown>;

/** An image's address in full: mail clients resolve nothing against the shop. */
export const absolute = (publicUrl: string, url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);

/**
 * Product cards for a mail: a table, two to a row, inline styles and sized images with their
 * names as alt text (mail clients ignore stylesheets); the plain-text part lists them.
 */
export function renderCards(cards: MailCard[], lang: Language, currency: string): { html: string; text: string } {
  const money = (cents: number) => formatMoney(cents, currency, lang);
  const reduction = (card: MailCard) => (card.sale && card.sale.percentOff > 0 ? card.sale : null);
  const cell = (card: MailCard) => {
    const sale = reduction(card);
    const price = sale
      ? `<span style="color:#7d2431;font-weight:700">${escapeHtml(money(card.price))}</span> <span style="font-size:12px;color:#7d2431">−${sale.percentOff}%</span><br><span style="font-size:12px;color:#5c554c">${escapeHtml(TEXTS[lang].prior('')).trim()} <del>${escapeHtml(money(sale.priorPrice))}</del></span>`
      : `<span style="font-weight:700">${escapeHtml(money(card.price))}</span>`;
    const note = card.note ? `<br><span style="font-size:12px;color:#5c554c">${escapeHtml(card.note)}</span>` : '';
    return `<td width="50%" valign="top" style="padding:8px"><a href="${escapeHtml(card.url)}" style="text-decoration:none;color:#1d1b19"><img src="${escapeHtml(card.imageUrl)}" width="232" height="290" alt="${escapeHtml(card.name)}" style="display:block;width:100%;max-width:232px;height:auto;border:0;border-radius:10px;background:#f4f0e8"><span style="display:block;margin:10px 0 4px;font-size:14px;line-height:1.4">${escapeHtml(card.name)}</span></a><span style="font-size:14px;line-height:1.5">${price}${note}</span></td>`;
  };
  const rows: string[] = [];
  for (let index = 0; index < cards.length; index += 2) {
    const pair = cards.slice(index, index + 2);
    rows.push(`<tr>${pair.map(cell).join('')}${pair.length === 1 ? '<td width="50%"></td>' : ''}</tr>`);
  }
  const html = cards.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 16px">${rows.join('')}</table>`
    : '';
  const text = cards
    .map((card) => {
      const sale = reduction(card);
      const price = sale
        ? `${money(card.price)} (−${sale.percentOff}%; ${TEXTS[lang].prior(money(sale.priorPrice))})`
        : money(card.price);
      return [`* ${card.name}: ${price}`, ...(card.note ? [`  ${card.note}`] : []), `  ${card.url}`].join('\n');
    })
    .join('\n');
  return { html, text };
}
