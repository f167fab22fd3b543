import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { itemNameIn, type Language, type Order } from '@shop/contract';
import { formatMoney } from '../../../lib/money';
import { formatDateTime } from '../lib/format-date';
import { OrderStatusBadge, PartlyRefundedBadge } from './order-status';
import { PendingActions } from './pending-actions';
import { SummaryLine } from '../../../components/summary/summary-line';
import styles from './order-card.module.css';

interface OrderCardProps {
  order: Order;
  lang: Language;
  /** h2 in a list of orders, h2 or h3 under a page heading. */
  headingLevel?: 'h2' | 'h3';
  /** The order's number opens its page (/my-order/{id}). */
  link?: boolean;
  /** In My Orders: an order waiting for payment offers Continue payment and Cancel order. */
  actions?: boolean;
}

/** One order: number, date, status, what to do while it waits for payment, its lines and its total. */
export function OrderCard({
  order,
  lang,
  headingLevel: Heading = 'h2',
  link = false,
  actions = false,
}: OrderCardProps) {
  const { t } = useTranslation();
  const headingId = `order-${order.id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.header}>
        <div className={styles.identity}>
          <Heading id={headingId} className={styles.number}>
            {link ? (
              <Link to={`/my-order/${order.id}`} className={styles.link}>
                {t('orders.number', { reference: order.reference })}
              </Link>
            ) : (
              t('orders.number', { reference: order.reference })
            )}
          </Heading>
          <p className={styles.date}>
            {t('orders.placedOn', { date: formatDateTime(order.createdAt, lang) })}
            {order.paidAt && ` · ${t('orders.paidOn', { date: formatDateTime(order.paidAt, lang) })}`}
          </p>
        </div>
        <span className={styles.badges}>
          <OrderStatusBadge status={order.status} />
          <PartlyRefundedBadge order={order} />
        </span>
      </header>
      {actions && (
        <div className={styles.pending}>
          <PendingActions order={order} lang={lang} />
        </div>
      )}
      <ul className={styles.lines} aria-label={t('orders.linesLabel')}>
        {order.items.map((item, index) => (
          <SummaryLine key={index} {...item} name={itemNameIn(item, lang)} currency={order.currency} lang={lang} />
        ))}
      </ul>
      {order.discount && (
        <p className={styles.discount} data-testid="order-discount">
          <span>{t('orders.discount', { code: order.discount.code })}</span>
          <span>
            {order.discount.amount > 0
              ? `−${formatMoney(order.discount.amount, lang, order.currency)}`
              : t('checkout.code.freeDelivery')}
          </span>
        </p>
      )}
      <p className={styles.discount} data-testid="order-delivery">
        <span>{t('orders.delivery')}</span>
        <span>
          {order.deliveryCost === 0 ? t('orders.deliveryFree') : formatMoney(order.deliveryCost, lang, order.currency)}
        </span>
      </p>
      {order.codFee > 0 && (
        <p className={styles.discount}>
          <span>{t('orders.codFee')}</span>
          <span>{formatMoney(order.codFee, lang, order.currency)}</span>
        </p>
      )}
      <p className={styles.total}>
        <span>{t('orders.total')}</span>
        <span>{formatMoney(order.total, lang, order.currency)}</span>
      </p>
    </article>
  );
}
