import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromCents, withdrawalRefund, type AdminOrder } from '@shop/contract';
import { formatMoney } from '../../../lib/money';
import { WithdrawalSummary } from '../../../components/withdrawal-summary/withdrawal-summary';
import { formatDateTime } from '../lib/format';
import { allowedSteps } from '../lib/order-steps';
import button from '../../../components/button/button.module.css';
import styles from './order-detail.module.css';
import { CashWithdrawalRefund } from './cash-withdrawal-refund';

interface WithdrawalCardProps {
  order: AdminOrder;
  lang: string;
  /** Opens the refund dialog with this amount filled in. */
  onRefund: (amount: number) => void;
}

/**
 * The order's withdrawal on the admin's order page: when it was submitted and why, the lines it
 * takes back, the refund due and its deadline, and "Refund the withdrawal" while some of that is
 * left to refund and the order may be refunded: a card order's through the refund dialog, a
 * cash-on-delivery order's (once paid) after a confirm naming where the money goes.
 */
export function WithdrawalCard({ order, lang, onRefund }: WithdrawalCardProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const refund = withdrawalRefund(order);
  if (!order.withdrawal || !refund) return null;
  const amount = fromCents(refund.toRefundCents);
  // A card order's refund goes through the provider (the refund dialog); a cash-on-delivery
  // order's is the owner's bank transfer and the cards' and credit's shares (its own confirm).
  const cod = order.paymentMethod === 'cod';
  const canRefund = refund.toRefundCents > 0 && (cod ? order.paidAt !== null : allowedSteps(order).includes('refund'));

  return (
    <section className={`${styles.card} ${styles.alert}`} aria-labelledby="order-withdrawal-title">
      <h2 id="order-withdrawal-title" className={styles.cardTitle}>
        {t('adminOrders.withdrawal.title')}
      </h2>
      <p className={styles.block}>
        {t('adminOrders.withdrawal.submitted', { date: formatDateTime(order.withdrawal.submittedAt, lang) })}
      </p>
      {order.withdrawal.reason && (
        <p className={styles.note}>{t('adminOrders.withdrawal.reason', { reason: order.withdrawal.reason })}</p>
      )}
      <WithdrawalSummary order={order} lang={lang} />
      {canRefund ? (
        <button type="button" className={button.primary} onClick={() => (cod ? setConfirming(true) : onRefund(amount))}>
          {t('adminOrders.withdrawal.refund', { amount: formatMoney(amount, lang, order.currency) })}
        </button>
      ) : (
        refund.dueCents > 0 &&
        refund.toRefundCents === 0 && <p className={styles.muted}>{t('adminOrders.withdrawal.refunded')}</p>
      )}
      {confirming && (
        <CashWithdrawalRefund
          order={order}
          amount={formatMoney(amount, lang, order.currency)}
          onDone={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
