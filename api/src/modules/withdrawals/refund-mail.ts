import { fromCents, intlMoney, type Language } from '@shop/contract';
import type { Db } from '../../db/client.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { refundShares, type RefundShares } from '../orders/refund-shares.js';
import { refundSharesText } from '../order-mails/refund-shares.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { withdrawalAddressed } from './service.js';

const TEXTS = {
  en: {
    subject: (ref: string) => `Your refund for your withdrawal from order ${ref}`,
    preheader: 'What we refunded, and where it went.',
    hello: 'Hello',
    refunded: (amount: string, ref: string) => `We refunded ${amount} for your withdrawal from order ${ref}.`,
    label: 'See your order',
  },
  bg: {
    subject: (ref: string) => `Възстановената сума при отказа ви от поръчка ${ref}`,
    preheader: 'Колко ви възстановихме и къде отидоха парите.',
    hello: 'Здравейте',
    refunded: (amount: string, ref: string) => `Възстановихме ви ${amount} при отказа ви от поръчка ${ref}.`,
    label: 'Вижте поръчката си',
  },
} as const;

export interface WithdrawalRefundMailInput {
  locale: Language;
  name: string;
  email: string;
  currency: string;
  reference: string;
  amountCents: number;
  shares: RefundShares;
  orderUrl: string;
}

/** A cash-on-delivery withdrawal's refund: the amount, then what went to each gift card, the credit and the bank. */
export function withdrawalRefundMail(input: WithdrawalRefundMailInput): Mail {
  const t = TEXTS[input.locale];
  return {
    to: input.email,
    ...renderMail({
      lang: input.locale,
      subject: t.subject(input.reference),
      preheader: t.preheader,
      heading: input.name ? `${t.hello}, ${input.name}` : t.hello,
      intro: [
        t.refunded(intlMoney(fromCents(input.amountCents), input.locale, input.currency), input.reference),
        ...refundSharesText(input.shares, input.locale, input.currency),
      ],
      highlight: { kind: 'link', label: t.label, url: input.orderUrl },
    }),
  };
}

/**
 * Sends the mail of a withdrawal's refund (an effect of `refundCashWithdrawal`) to the order's
 * email in the order's language; the shares are read from the ledger by the refund's key. A
 * failed send throws, and the outbox tries again.
 */
export async function mailWithdrawalRefund(
  db: Db,
  deps: OrderMailDeps,
  payload: { withdrawalId: number; key: string; amountCents: number },
): Promise<void> {
  const found = await withdrawalAddressed(db, payload.withdrawalId);
  if (!found?.email) return;
  const { row } = found;
  await deps.mailer.send(
    withdrawalRefundMail({
      locale: row.locale,
      name: found.name,
      email: found.email,
      currency: row.currency,
      reference: row.reference,
      amountCents: payload.amountCents,
      shares: await refundShares(db, row.id, payload.key, payload.amountCents),
      orderUrl: deps.links.order(row.id),
    }),
  );
}
