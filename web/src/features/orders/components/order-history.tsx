import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingBlocks } from '../../../components/loading-blocks/loading-blocks';
import { StateMessage } from '../../../components/state-message/state-message';
import { useLanguage } from '../../../lib/use-language';
import { useOrders } from '../api/get-orders';
import { OrderCard } from './order-card';
import button from '../../../components/button/button.module.css';
import styles from './order-history.module.css';

/** The shopper's orders, newest first, each with its lines. */
export function OrderHistory() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { orders, error } = useOrders();

  if (!orders && error) return <StateMessage kind="error" title={t('orders.loadFailed')} />;
  if (!orders) {
    return (
      <LoadingBlocks
        label={t('orders.loading')}
        count={2}
        className={styles.loading}
        blockClassName={styles.skeleton}
      />
    );
  }
  if (orders.length === 0) {
    return (
      <StateMessage kind="empty" title={t('orders.empty')}>
        <Link to="/clothing" className={button.primary}>
          {t('orders.startShopping')}
        </Link>
      </StateMessage>
    );
  }
  return (
    <ol className={styles.list}>
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} lang={lang} link actions />
        </li>
      ))}
    </ol>
  );
}
