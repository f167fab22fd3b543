import { useTranslation } from 'react-i18next';
import { fromCents, withdrawalRefund, type AdminOrder } from '@shop/contract';
import { formatMoney } from '../../../lib/money';
import { WithdrawalSummary } from '../../../components/withdrawal-summary/withdrawal-summary';
import { formatDateTime } from '../lib/format';
import { allowedSteps } from '../lib/order-steps';
import button from '../../../components/button/button.module.css';
import styles from './order-detail.module.css';

interface WithdrawalCardProps {
  order: AdminOrder;
  lang: string;
  /** Opens the refund dialog with this amount filled in. */
  onRefund: (amount: number) => void;
}

/**
 * The order's withdrawal on the admin's order page: when it was submitted and why, the lines it
 * takes back, the refund due and its deadline, and "Refund the withdrawal" while some of that is
 * left to refund and the order may be refunded.
 */
export function WithdrawalCard({ order, lang, onRefund }: WithdrawalCardProps) {
  const { t } = useTranslation();
  const refund = withdrawalRefund(order);
  if (!order.withdrawal || !refund) return null;
  const amount = fromCents(refund.toRefundCents);
  const canRefund = refund.toRefundCents > 0 && allowedSteps(order).includes('refund');

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
        <button type="button" className={button.primary} onClick={() => onRefund(amount)}>
          {t('adminOrders.withdrawal.refund', { amount: formatMoney(amount, lang, order.currency) })}
        </button>
      ) : (
        refund.dueCents > 0 &&
        refund.toRefundCents === 0 && <p className={styles.muted}>{t('adminOrders.withdrawal.refunded')}</p>
      )}
    </section>
  );
}
