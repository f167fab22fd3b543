import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { carrierNameIn, itemNameIn, type Language, type Order } from '@shop/contract';
import { formatMoney } from '../../../lib/money';
import { formatDateTime } from '../lib/format-date';
import { OrderStatusBadge, PartlyRefundedBadge } from './order-status';
import { PendingActions } from './pending-actions';
import { SummaryLine } from '../../../components/summary/summary-line';
import { WithdrawPanel } from './withdraw-panel';
import orderCard from '../../../components/order-card/order-card.module.css';
import styles from './order-detail.module.css';

/** A country's name in the reader's language. */
const countryName = (code: string, lang: Language) =>
  new Intl.DisplayNames([lang === 'bg' ? 'bg-BG' : 'en-US'], { type: 'region' }).of(code) ?? code;

/**
 * One order as its shopper sees it (docs/decisions/0022): status, what to do next (continue
 * a pending card payment, cancel what may still be cancelled), tracking, the timeline, where it
 * goes, its lines and its sums.
 */
export function OrderDetail({ order, lang }: { order: Order; lang: Language }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney(amount, lang, order.currency);
  const delivery = order.delivery;
  // A closed order that never left says nothing about shipping.
  const live = order.status === 'paid' || order.status === 'placed' || order.status === 'pending';
  const showFulfilment = order.fulfilment !== 'unfulfilled' || live;

  return (
    <div className={styles.layout}>
      <section className={`${orderCard.card} ${styles.status}`} aria-label={t('orders.statusLabel')}>
        <div className={styles.statusHead}>
          <OrderStatusBadge status={order.status} />
          <PartlyRefundedBadge order={order} />
          <p className={styles.meta}>{t('orderDetail.placedOn', { date: formatDateTime(order.createdAt, lang) })}</p>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t('orderDetail.paymentLabel')}</dt>
            <dd>{t(`orderDetail.payment.${order.paymentMethod}`)}</dd>
          </div>
          {showFulfilment && (
            <div>
              <dt>{t('orderDetail.fulfilmentLabel')}</dt>
              <dd>{t(`orderDetail.fulfilment.${order.fulfilment}`)}</dd>
            </div>
          )}
        </dl>

        <PendingActions order={order} lang={lang} />

        <WithdrawPanel order={order} lang={lang} />

        {order.tracking && (
          <div className={styles.tracking}>
            <h2 className={styles.sectionTitle}>{t('orderDetail.tracking')}</h2>
            <p>
              {t('orderDetail.trackingNumber', {
                carrier: carrierNameIn(order.tracking.carrier, lang),
                number: order.tracking.number,
              })}
            </p>
            {order.tracking.url && (
              <a href={order.tracking.url} className={styles.link} target="_blank" rel="noopener noreferrer">
                {t('orderDetail.trackParcel')}
              </a>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="order-timeline" className={`${orderCard.card} ${styles.card}`}>
        <h2 id="order-timeline" className={styles.sectionTitle}>
          {t('orderDetail.timeline')}
        </h2>
        <ol className={styles.timeline}>
          {order.events.map((event, index) => (
            <li key={`${event.type}-${index}`} className={styles.event}>
              <span className={styles.eventName}>
                {event.type === 'refunded' && event.amount !== undefined
                  ? t('orderDetail.events.refundedAmount', { amount: formatMoney(event.amount, lang, order.currency) })
                  : t(`orderDetail.events.${event.type}`)}
              </span>
              <time dateTime={event.at} className={styles.eventTime}>
                {formatDateTime(event.at, lang)}
              </time>
            </li>
          ))}
        </ol>
      </section>

      {delivery && (
        <section aria-labelledby="order-delivery" className={`${orderCard.card} ${styles.card}`}>
          <h2 id="order-delivery" className={styles.sectionTitle}>
            {t('orderDetail.deliveryTitle')}
          </h2>
          <p className={styles.method}>{t(`orderDetail.deliveryMethod.${delivery.method}`)}</p>
          <address className={styles.address}>
            <span>{delivery.name}</span>
            <span>{delivery.method === 'office' ? delivery.office : delivery.line1}</span>
            <span>
              {delivery.postcode} {delivery.city}
            </span>
            <span>{countryName(delivery.country, lang)}</span>
            <span>{t('orderDetail.phone', { phone: delivery.phone })}</span>
            {delivery.note && <span>{t('orderDetail.note', { note: delivery.note })}</span>}
          </address>
        </section>
      )}

      <section aria-labelledby="order-items" className={`${orderCard.card} ${styles.card} ${styles.wide}`}>
        <h2 id="order-items" className={styles.sectionTitle}>
          {t('orderDetail.items')}
        </h2>
        <ul className={styles.lines}>
          {order.items.map((item) => (
            <SummaryLine
              key={item.id}
              {...item}
              name={itemNameIn(item, lang)}
              currency={order.currency}
              lang={lang}
              amountLabel={t('orderDetail.lineTotal')}
            />
          ))}
        </ul>
        <dl className={styles.sums}>
          <div>
            <dt>{t('orderDetail.subtotal')}</dt>
            <dd>{money(order.subtotal)}</dd>
          </div>
          {order.discount && (
            <div>
              <dt>{t('orderDetail.discount', { code: order.discount.code })}</dt>
              <dd data-testid="order-discount">
                {order.discount.amount > 0 ? `−${money(order.discount.amount)}` : t('checkout.code.freeDelivery')}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('orderDetail.delivery')}</dt>
            <dd>{order.deliveryCost === 0 ? t('orderDetail.free') : money(order.deliveryCost)}</dd>
          </div>
          {order.codFee > 0 && (
            <div>
              <dt>{t('orderDetail.codFee')}</dt>
              <dd>{money(order.codFee)}</dd>
            </div>
          )}
          <div className={styles.total}>
            <dt>{t('orderDetail.total')}</dt>
            <dd data-testid="order-total">{money(order.total)}</dd>
          </div>
          {order.refunded > 0 && (
            <div>
              <dt>{t('orderDetail.refunded')}</dt>
              <dd>{money(order.refunded)}</dd>
            </div>
          )}
        </dl>
        <p className={styles.vat}>{t('orderDetail.vatIncluded')}</p>
      </section>

      <Link to="/my-order" className={styles.back}>
        {t('orderDetail.backToOrders')}
      </Link>
    </div>
  );
}
