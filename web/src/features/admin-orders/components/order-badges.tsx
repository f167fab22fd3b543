import { useTranslation } from 'react-i18next';
import { partlyRefunded, type AdminOrder } from '@shop/contract';
import { awaitsConfirmation } from '../lib/order-steps';
import styles from './order-badges.module.css';

/** The order's payment state and where the parcel is, as small labels; a test payment says so. */
export function OrderBadges({
  order,
}: {
  order: Pick<
    AdminOrder,
    | 'status'
    | 'fulfilment'
    | 'paymentMethod'
    | 'total'
    | 'refunded'
    | 'withdrawal'
    | 'testPayment'
    | 'confirmationRequired'
    | 'confirmedAt'
  >;
}) {
  const { t } = useTranslation();
  return (
    <span className={styles.badges}>
      <span className={styles.badge} data-status={order.status}>
        {t(`adminOrders.status.${order.status}`)}
      </span>
      {order.status !== 'refunded' && partlyRefunded(order) && (
        <span className={styles.badge} data-partly-refunded="">
          {t('adminOrders.partlyRefundedBadge')}
        </span>
      )}
      {order.testPayment && (
        <span className={styles.badge} data-test-payment="">
          {t('adminOrders.testPaymentBadge')}
        </span>
      )}
      {awaitsConfirmation(order) && (
        <span className={styles.badge} data-awaiting="">
          {t('adminOrders.awaitingBadge')}
        </span>
      )}
      {order.fulfilment !== 'unfulfilled' && (
        <span className={styles.badge} data-fulfilment={order.fulfilment}>
          {t(`adminOrders.fulfilment.${order.fulfilment}`)}
        </span>
      )}
      {order.withdrawal && (
        <span className={styles.badge} data-withdrawal="">
          {t('adminOrders.withdrawalBadge')}
        </span>
      )}
    </span>
  );
}
