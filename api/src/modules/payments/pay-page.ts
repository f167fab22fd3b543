import { readdirSync } from 'node:fs';
import { colorNameIn, itemNameIn, type Language, type OrderStatus } from '@shop/contract';
import { webDistDir } from '../../paths.js';
import type { CardProblem } from '../../platform/payments/cards.js';
import type { OrderLine } from '../../platform/payments/provider.js';
import { escapeHtml, formatMoney } from '../../lib/format.js';

/** The built-in payment page: server-rendered, no JavaScript, styled like the shop. */

export type PageProblem = CardProblem | 'tooManyAttempts';

const TEXTS = {
  en: {
    title: 'Test payment · Atelier Noir',
    badge: 'Test payment page',
    badgeDetail: 'No real card is charged and no money moves.',
    heading: 'Card payment',
    order: (reference: string) => `Order ${reference}`,
    discount: (code: string) => `Discount (${code})`,
    amountDue: 'Amount due',
    name: 'Name on card',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvc: 'CVC',
    pay: (amount: string) => `Pay ${amount}`,
    cancel: 'Cancel and return to the shop',
    accepted: 'Visa and Mastercard are accepted.',
    testCards: 'Test cards',
    succeeds: 'payment succeeds',
    declined: 'payment is declined',
    anyDetails: 'Use any future expiry date, any 3-digit CVC and any name.',
    problems: {
      nameMissing: 'Enter the name on the card.',
      numberMalformed: 'Enter the card number: 12 to 19 digits, spaces allowed.',
      expiryMalformed: 'Enter the expiry date as MM/YY.',
      cvcMalformed: 'Enter the 3-digit security code (CVC).',
      luhn: 'This card number is not valid. Please check it.',
      brand: 'Only Visa and Mastercard cards are accepted.',
      expired: 'This card has expired.',
      declined: 'Your card was declined. Please use another card.',
      tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    } satisfies Record<PageProblem, string>,
    closed: {
      paid: 'This order is already paid.',
      cancelled: 'This payment was cancelled.',
      expired: 'This payment session has expired. Please check out again.',
      failed: 'This payment failed. Please check out again.',
      placed: 'This order is paid on delivery.',
      refunded: 'This order was refunded.',
    } satisfies Record<Exclude<OrderStatus, 'pending'>, string>,
    closedTitle: 'Payment closed',
    notFound: 'This payment page does not exist.',
    seeOrder: 'See your order',
    backToCart: 'Back to your cart',
    backToShop: 'Back to the shop',
  },
  bg: {
    title: 'Тестово плащане · Atelier Noir',
    badge: 'Тестова страница за плащане',
    badgeDetail: 'Никоя карта не се таксува и не се превеждат пари.',
    heading: 'Плащане с карта',
    order: (reference: string) => `Поръчка ${reference}`,
    discount: (code: string) => `Отстъпка (${code})`,
    amountDue: 'Сума за плащане',
    name: 'Име върху картата',
    cardNumber: 'Номер на картата',
    expiry: 'Валидност (ММ/ГГ)',
    expiryPlaceholder: 'ММ/ГГ',
    cvc: 'CVC код',
    pay: (amount: string) => `Платете ${amount}`,
    cancel: 'Отказ и връщане към магазина',
    accepted: 'Приемаме Visa и Mastercard.',
    testCards: 'Тестови карти',
    succeeds: 'успешно плащане',
    declined: 'отказано плащане',
    anyDetails: 'Използвайте всяка бъдеща дата на валидност, всеки трицифрен CVC код и всяко име.',
    problems: {
      nameMissing: 'Въведете името върху картата.',
      numberMalformed: 'Въведете номера на картата: от 12 до 19 цифри, разрешени са интервали.',
      expiryMalformed: 'Въведете валидността във формат ММ/ГГ.',
      cvcMalformed: 'Въведете трицифрения код за сигурност (CVC).',
      luhn: 'Този номер на карта е невалиден. Моля, проверете го.',
      brand: 'Приемаме само карти Visa и Mastercard.',
      expired: 'Картата е с изтекла валидност.',
      declined: 'Картата ви беше отказана. Моля, използвайте друга карта.',
      tooManyAttempts: 'Твърде много опити. Моля, изчакайте няколко минути и опитайте отново.',
    } satisfies Record<PageProblem, string>,
    closed: {
      paid: 'Тази поръчка вече е платена.',
      cancelled: 'Това плащане беше отказано.',
      expired: 'Сесията за плащане изтече. Моля, започнете поръчката отново.',
      failed: 'Плащането не беше успешно. Моля, започнете поръчката отново.',
      placed: 'Тази поръчка се плаща при доставка.',
      refunded: 'Сумата по тази поръчка е възстановена.',
    } satisfies Record<Exclude<OrderStatus, 'pending'>, string>,
    closedTitle: 'Плащането е приключено',
    notFound: 'Тази страница за плащане не съществува.',
    seeOrder: 'Вижте поръчката си',
    backToCart: 'Обратно към количката',
    backToShop: 'Обратно към магазина',
  },
} as const;

export interface PayPageOrder {
  id: number;
  /** The order's public reference: the only way a shopper knows an order. */
  reference: string;
  sessionId: string;
  totalCents: number;
  /** The code's discount on the goods, and the code; 0 and null without one. */
  discountCents: number;
  discountCode: string | null;
  currency: string;
  locale: Language;
  items: Omit<OrderLine, 'imageUrl'>[];
}

const UNICODE_RANGES = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  cyrillic: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
};
const FAMILIES = { manrope: 'Manrope Variable', 'cormorant-garamond': 'Cormorant Garamond Variable' };

let fontFaces: string | undefined;
/**
 * The shop's own fonts, from the built web app's hashed assets (same origin, so the CSP allows
 * them). Without a web build (tests, API-only) the page falls back to system fonts.
 */
function shopFontFaces(): string {
  if (fontFaces !== undefined) return fontFaces;
  let files: string[] = [];
  try {
    files = readdirSync(`${webDistDir}/assets`);
  } catch {
    // no web build
  }
  fontFaces = files
    .map((file) => /^(manrope|cormorant-garamond)-(latin|cyrillic)-wght-normal-[\w-]+\.woff2$/.exec(file))
    .filter((match) => match !== null)
    .map(([file, family, subset]) => {
      const name = FAMILIES[family as keyof typeof FAMILIES];
      const range = UNICODE_RANGES[subset as keyof typeof UNICODE_RANGES];
      return `@font-face{font-family:'${name}';font-style:normal;font-display:swap;font-weight:200 800;src:url('/assets/${file}') format('woff2');unicode-range:${range}}`;
    })
    .join('\n');
  return fontFaces;
}

// Colours and type follow web/src/styles/tokens.css (the page is served outside the React app).
const BODY_FONT = "'Manrope Variable',system-ui,-apple-system,'Segoe UI',Arial,sans-serif";
const DISPLAY_FONT = "'Cormorant Garamond Variable',Georgia,'Times New Roman',serif";
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light}
body{margin:0;min-height:100vh;background:#f4f0e8;color:#1d1b19;font:16px/1.55 ${BODY_FONT};-webkit-font-smoothing:antialiased}
.top{background:#0f0e0d;color:#f4f0e8;padding:18px clamp(16px,4vw,48px);display:flex;align-items:center;justify-content:space-between;gap:16px}
.logo{color:inherit;text-decoration:none;font:500 20px/1 ${DISPLAY_FONT};letter-spacing:.28em;text-transform:uppercase}
.lock{font-size:12px;letter-spacing:.12em;text-transform:uppercase;color:#bdb5a8}
main{max-width:520px;margin:0 auto;padding:32px 16px 64px}
.badge{display:flex;gap:12px;align-items:flex-start;border:1px solid #7d2431;background:#f6e9ea;color:#6a1d29;border-radius:10px;padding:12px 16px;margin:0 0 28px}
.badge strong{display:block;font-size:12px;letter-spacing:.24em;text-transform:uppercase}
.badge span{font-size:14px}
h1{font:400 clamp(2.25rem,1.6rem + 2.4vw,3rem)/1.05 ${DISPLAY_FONT};margin:0 0 20px}
h2{font-size:12px;letter-spacing:.24em;text-transform:uppercase;margin:0 0 12px;color:#5c554c;font-weight:600}
.panel{background:#fbf9f5;border:1px solid rgb(15 14 13/.1);border-radius:18px;padding:24px;box-shadow:0 1px 2px rgb(15 14 13/.08),0 2px 8px rgb(15 14 13/.06)}
.summary ul{list-style:none;margin:0;padding:0}
.summary li span:first-child{font:500 1.15rem/1.3 ${DISPLAY_FONT}}
.summary li small{display:block;color:#5c554c;font:13px/1.5 ${BODY_FONT}}
.summary li{display:flex;justify-content:space-between;gap:16px;padding:8px 0;border-bottom:1px solid rgb(15 14 13/.1);font-size:14px}
.total{display:flex;justify-content:space-between;align-items:baseline;margin:16px 0 0;font-size:14px;text-transform:uppercase;letter-spacing:.12em}
.total strong{font:500 2rem ${DISPLAY_FONT};letter-spacing:0;text-transform:none}
form.pay{margin-top:24px;display:grid;gap:16px}
label{display:grid;gap:6px;font-size:13px;font-weight:600;letter-spacing:.04em}
input{font:inherit;font-size:16px;padding:12px 14px;border:1px solid rgb(15 14 13/.22);border-radius:4px;background:#fff;color:#1d1b19;width:100%}
input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid #7d2431;outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:16px}
.primary{font:600 13px/1 ${BODY_FONT};letter-spacing:.16em;text-transform:uppercase;padding:18px 24px;border:0;border-radius:999px;background:#0f0e0d;color:#f4f0e8;cursor:pointer;width:100%}
.primary:hover{background:#2b2825}
.secondary{margin-top:12px;text-align:center}
.link{font:inherit;font-size:14px;background:none;border:0;color:#7d2431;text-decoration:underline;text-underline-offset:3px;cursor:pointer;padding:8px}
a.link{display:inline-block}
.alert{border-left:3px solid #7d2431;background:#f6e9ea;color:#6a1d29;padding:12px 16px;border-radius:4px;margin:24px 0 0;font-weight:600}
.accepted{font-size:13px;color:#5c554c;text-align:center;margin:16px 0 0}
.hint{margin-top:28px;font-size:14px;color:#5c554c}
.hint ul{margin:0;padding-left:18px}
.hint p{margin:8px 0 0}
code{font-family:ui-monospace,Menlo,Consolas,monospace;color:#1d1b19}
.closed{text-align:center}
.closed p{margin:0 0 20px}
@media (max-width:480px){.panel{padding:18px}.row{gap:12px}.lock{display:none}.logo{font-size:18px;letter-spacing:.22em}}
`;

function layout(lang: Language, title: string, body: string): string {
  const t = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
<style>${shopFontFaces()}${STYLE}</style>
</head>
<body>
<header class="top"><a class="logo" href="/">Atelier Noir</a><span class="lock">${escapeHtml(t.badge)}</span></header>
<main>
<p class="badge" role="note"><span><strong>${escapeHtml(t.badge)}</strong><span>${escapeHtml(t.badgeDetail)}</span></span></p>
${body}
</main>
</body>
</html>`;
}

export interface FormValues {
  name?: string;
  expiry?: string;
}

/** The payment form; after a refusal it says why and keeps the name and expiry (never the number or CVC). */
export function renderPayPage(
  order: PayPageOrder,
  options: { problem?: PageProblem; values?: FormValues } = {},
): string {
  const lang = order.locale;
  const t = TEXTS[lang];
  const money = (cents: number) => formatMoney(cents, order.currency, lang);
  const action = `/pay/${encodeURIComponent(order.sessionId)}`;
  const lines = order.items
    .map(
      (item) =>
        `<li><span>${escapeHtml(itemNameIn(item, lang))}<small>${escapeHtml(`${colorNameIn(item, lang)} · ${item.size} · ${item.quantity} × ${money(item.unitPriceCents)}`)}</small></span><span>${escapeHtml(money(item.unitPriceCents * item.quantity))}</span></li>`,
    )
    .join('');
  const discount =
    order.discountCents > 0
      ? `<li class="discount"><span>${escapeHtml(t.discount(order.discountCode ?? ''))}</span><span>−${escapeHtml(money(order.discountCents))}</span></li>`
      : '';
  const alert = options.problem
    ? `<p class="alert" role="alert" id="problem">${escapeHtml(t.problems[options.problem])}</p>`
    : '';
  const describedBy = options.problem ? ' aria-describedby="problem"' : '';
  const body = `<h1>${escapeHtml(t.heading)}</h1>
<div class="panel">
<section class="summary" aria-labelledby="order-heading">
<h2 id="order-heading">${escapeHtml(t.order(order.reference))}</h2>
<ul>${lines}${discount}</ul>
<p class="total"><span>${escapeHtml(t.amountDue)}</span><strong>${escapeHtml(money(order.totalCents))}</strong></p>
</section>
${alert}
<form class="pay" method="post" action="${escapeHtml(action)}"${describedBy}>
<label>${escapeHtml(t.name)}<input name="name" autocomplete="cc-name" required maxlength="100" value="${escapeHtml(options.values?.name ?? '')}"></label>
<label>${escapeHtml(t.cardNumber)}<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="1234 1234 1234 1234"></label>
<div class="row">
<label>${escapeHtml(t.expiry)}<input name="expiry" autocomplete="cc-exp" required maxlength="7" placeholder="${escapeHtml(t.expiryPlaceholder)}" value="${escapeHtml(options.values?.expiry ?? '')}"></label>
<label>${escapeHtml(t.cvc)}<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="3" placeholder="123"></label>
</div>
<button class="primary" type="submit">${escapeHtml(t.pay(money(order.totalCents)))}</button>
</form>
<form class="secondary" method="post" action="${escapeHtml(`${action}/cancel`)}"><button class="link" type="submit">${escapeHtml(t.cancel)}</button></form>
<p class="accepted">${escapeHtml(t.accepted)}</p>
</div>
<aside class="hint" aria-labelledby="test-cards">
<h2 id="test-cards">${escapeHtml(t.testCards)}</h2>
<ul><li><code>4242 4242 4242 4242</code> — ${escapeHtml(t.succeeds)}</li><li><code>4000 0000 0000 0002</code> — ${escapeHtml(t.declined)}</li></ul>
<p>${escapeHtml(t.anyDetails)}</p>
</aside>`;
  return layout(lang, t.title, body);
}

/** A session that can no longer be paid, with the way back that fits its state. */
export function renderClosedPage(
  order: PayPageOrder,
  status: Exclude<OrderStatus, 'pending'>,
  successPath: string,
): string {
  const t = TEXTS[order.locale];
  const next = status === 'paid' ? { href: successPath, label: t.seeOrder } : { href: '/cart', label: t.backToCart };
  const body = `<div class="panel closed"><h1>${escapeHtml(t.closedTitle)}</h1><p>${escapeHtml(t.closed[status])}</p><a class="link" href="${escapeHtml(next.href)}">${escapeHtml(next.label)}</a></div>`;
  return layout(order.locale, t.title, body);
}

export function renderNotFoundPage(lang: Language): string {
  const t = TEXTS[lang];
  const body = `<div class="panel closed"><h1>${escapeHtml(t.notFound)}</h1><a class="link" href="/">${escapeHtml(t.backToShop)}</a></div>`;
  return layout(lang, t.title, body);
}
