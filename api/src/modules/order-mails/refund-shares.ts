import { fromCents, intlMoney, type Language } from '@shop/contract';
import type { RefundShares } from '../orders/refund-shares.js';

/** What a cash-on-delivery refund's mail says went where (the return's, the complaint's, the withdrawal's; decision 0070). */
const TEXTS = {
  en: {
    card: (amount: string, last4: string) =>
      `We gave back ${amount} to your gift card ending in ${last4}: you can spend it at once.`,
    credit: (amount: string) => `We gave back ${amount} to your store credit: it pays your next order.`,
    cash: (amount: string) =>
      `We pay you ${amount} by bank transfer, as you paid in cash: we will contact you for your bank account.`,
    allCash: 'As you paid in cash, we will contact you to pay the money back.',
  },
  bg: {
    card: (amount: string, last4: string) =>
      `Върнахме ${amount} по подаръчната ви карта, завършваща на ${last4}: можете да ги използвате веднага.`,
    credit: (amount: string) =>
      `Върнахме ${amount} като кредит за пазаруване в профила ви: с него се плаща следващата ви поръчка.`,
    cash: (amount: string) =>
      `Връщаме ви ${amount} с банков превод, тъй като платихте в брой: ще се свържем с вас за банковата ви сметка.`,
    allCash: 'Тъй като платихте в брой, ще се свържем с вас, за да ви върнем парите.',
  },
} as const;

/**
 * The refund mail's sentences for a cash-on-delivery order: each card's share (its last four),
 * the store credit's and the bank transfer's; all cash (or unknown, null): the one sentence the
 * mails always said.
 */
export function refundSharesText(shares: RefundShares | null, locale: Language, currency: string): string[] {
  const t = TEXTS[locale];
  const money = (cents: number) => intlMoney(fromCents(cents), locale, currency);
  if (!shares || (shares.cards.length === 0 && shares.storeCreditCents === 0)) return [t.allCash];
  return [
    ...shares.cards.map((card) => t.card(money(card.cents), card.last4)),
    ...(shares.storeCreditCents > 0 ? [t.credit(money(shares.storeCreditCents))] : []),
    ...(shares.cashCents > 0 ? [t.cash(money(shares.cashCents))] : []),
  ];
}
