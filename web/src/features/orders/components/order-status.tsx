import { useTranslation } from 'react-i18next';
import { partlyRefunded, type Order, type OrderStatus } from '@shop/contract';
import styles from './order-status.module.css';

/** The order's state as a small label: paid in the accent, closed ones muted. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-status={status}>
      <span className="visually-hidden">{t('orders.statusLabel')}: </span>
      {t(`orders.status.${status}`)}
    </span>
  );
}

/** Beside the status when some of the order, not all, was refunded. */
export function PartlyRefundedBadge({ order }: { order: Pick<Order, 'status' | 'total' | 'refunded'> }) {
  const { t } = useTranslation();
  if (order.status === 'refunded' || !partlyRefunded(order)) return null;
  return (
    <span className={styles.badge} data-partly-refunded="">
      {t('orders.partlyRefunded')}
    </span>
  );
}
