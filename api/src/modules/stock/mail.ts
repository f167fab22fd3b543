import type { WebLinks } from '../../lib/links.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { both, OWNER_FOOTER, OWNER_LANG } from '../../platform/mail/owner-notice.js';
import { colorNameIn, itemNameIn } from '@shop/contract';
import type { LowStockLine } from './low-stock.js';

import type { BackInStock } from './effect-kinds.js';

const TEXTS = {
  en: (alert: BackInStock) => ({
    subject: `Back in stock: ${alert.productName}`,
    preheader: `${alert.productName} in ${alert.colorName}, size ${alert.size}, is available again.`,
    heading: `Hello, ${alert.name}`,
    intro: [`${alert.productName} in ${alert.colorName}, size ${alert.size}, is back in stock.`],
    label: 'See the product',
    outro: [
      'You asked us to tell you, and we have: this was a one-time message. Stock is limited, and it is not set aside for you.',
    ],
  }),
  bg: (alert: BackInStock) => ({
    subject: `Отново в наличност: ${alert.productName}`,
    preheader: `${alert.productName} в цвят ${alert.colorName}, размер ${alert.size}, отново е наличен.`,
    heading: `Здравейте, ${alert.name}`,
    intro: [`${alert.productName} в цвят ${alert.colorName}, размер ${alert.size}, отново е в наличност.`],
    label: 'Вижте продукта',
    outro: [
      'Помолихте да ви уведомим и го направихме: това е еднократно съобщение. Количествата са ограничени и не са запазени за вас.',
    ],
  }),
} as const;

/** The one mail a shopper gets when a sold-out variant they wait for is back, in their language. */
export function backInStockMail(alert: BackInStock, links: WebLinks): Mail {
  const { label, ...texts } = TEXTS[alert.locale](alert);
  const url = links.product(alert.productId);
  return {
    to: alert.email,
    ...renderMail({ lang: alert.locale, ...texts, highlight: { kind: 'link', label, url } }),
    devNote: `back in stock for ${alert.email}: ${url}`,
  };
}

/** The day's list of variants at or under the low-stock mark (`date`: YYYY-MM-DD, the shop's day). */
export function lowStockMail({
  to,
  date,
  lines,
  links,
}: {
  to: string;
  date: string;
  lines: LowStockLine[];
  links: WebLinks;
}): Mail {
  const en = lines.map(
    (line) =>
      `${line.name} (${line.colorName}, ${line.size}): ${line.available === 0 ? 'sold out' : `${line.available} left`}`,
  );
  const bg = lines.map(
    (line) =>
      `${itemNameIn(line, 'bg')} (${colorNameIn(line, 'bg')}, ${line.size}): ${line.available === 0 ? 'изчерпан' : `остават ${line.available}`}`,
  );
  return {
    to,
    replyTo: '',
    ...renderMail({
      lang: OWNER_LANG,
      subject: both(`Low stock on ${date}`, `Малко наличност на ${date}`),
      preheader: both(`${lines.length} variants`, `${lines.length} варианта`),
      heading: both('Low stock', 'Малко наличност'),
      footer: OWNER_FOOTER,
      intro: [
        `Тези размери са почти изчерпани (${lines.length}):`,
        ...bg,
        `These sizes are almost sold out (${lines.length}):`,
        ...en,
      ],
      highlight: {
        kind: 'link',
        label: both('Open the dashboard', 'Отворете таблото'),
        url: links.adminDashboard(),
      },
    }),
  };
}
