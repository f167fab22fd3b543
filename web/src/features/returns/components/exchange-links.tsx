import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order } from '@shop/contract';
import styles from './returns-panel.module.css';

/**
 * What an exchange joins (YEAR.md section 2): on an exchange order, "Exchange for order <reference>"
 * linked to the original; on the original, each of its exchange orders. `to` is where an order's
 * page is (the shopper's `/my-order/{id}`, the admin's `/admin/orders/{id}`). Nothing otherwise.
 */
export function ExchangeLinks({ order, to }: { order: Order; to: (id: number) => string }) {
  const { t } = useTranslation();
  const exchanges = order.exchangeOrders ?? [];
  if (!order.exchangeOf && exchanges.length === 0) return null;
  return (
    <p className={styles.exchanges}>
      {order.exchangeOf && (
        <Link to={to(order.exchangeOf)} className={styles.link}>
          {t('returns.exchangeOf', { reference: order.exchangeOfReference ?? order.exchangeOf })}
        </Link>
      )}
      {exchanges.map((exchange) => (
        <Link key={exchange.id} to={to(exchange.id)} className={styles.link}>
          {t('returns.exchangedBy', { reference: exchange.reference })}
        </Link>
      ))}
    </p>
  );
}
