import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { carrierNameIn, colorNameIn, itemNameIn, type AdminOrder } from '@shop/contract';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney, lineAmount } from '../../../lib/money';
import { ChevronLeftIcon } from '../../../components/icons/icons';
import { useAdminOrder } from '../api/get-admin-order';
import { formatDateTime } from '../lib/format';
import { ORDERS_LOAD_FAILED } from '../lib/order-errors';
import { allowedSteps, awaitsConfirmation, type OrderStep } from '../lib/order-steps';
import { OrderBadges } from './order-badges';
import { PrintLabel } from './print-label';
import { OrderStepDialog } from './order-step-dialog';
import { WithdrawalCard } from './withdrawal-card';
import button from '../../../components/button/button.module.css';
import styles from './order-detail.module.css';

interface OrderDetailProps {
  orderId: number;
  lang: string;
  /** More cards for the side column, composed by the route (the invoice, the documents). */
  children?: React.ReactNode;
}

/**
 * /admin/orders/{id}: the order with its customer, delivery, lines, money and history, and the
 * steps its state allows (confirm, ship, deliver, cancel, refund, return), each behind a confirmation.
 */
export function OrderDetail({ orderId, lang, children }: OrderDetailProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { data: order, error } = useAdminOrder(orderId);
  const [step, setStep] = useState<OrderStep | null>(null);
  // The refund dialog's amount when it is opened for a withdrawal (else all that is left).
  const [refundAmount, setRefundAmount] = useState<number | undefined>(undefined);

  const back = (
    <Link to="/admin/orders" className={styles.back}>
      <ChevronLeftIcon width={18} height={18} />
      {t('adminOrders.allOrders')}
    </Link>
  );

  if (!order) {
    return (
      <div className={styles.root}>
        {back}
        {error ? (
          <p className={styles.problem} role="alert">
            {errorText(error, ORDERS_LOAD_FAILED)}
          </p>
        ) : (
          <p className={styles.loading} role="status">
            {t('adminOrders.loadingOne')}
          </p>
        )}
      </div>
    );
  }

  const steps = allowedSteps(order);
  const money = (amount: number) => formatMoney(amount, lang, order.currency);

  return (
    <div className={styles.root}>
      {back}
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('adminOrders.number', { id: order.id })}</h1>
          <p className={styles.meta}>
            {t('adminOrders.reference', { reference: order.reference })} ·{' '}
            {t('adminOrders.placedOn', { date: formatDateTime(order.createdAt, lang) })} ·{' '}
            {t(`adminOrders.payment.${order.paymentMethod}`)}
          </p>
        </div>
        <OrderBadges order={order} />
      </header>
      {order.testPayment && <p className={styles.testPayment}>{t('adminOrders.testPaymentNote')}</p>}

      {awaitsConfirmation(order) ? (
        <p className={styles.awaiting}>{t('adminOrders.awaitingNote')}</p>
      ) : (
        order.confirmedAt && (
          <p className={styles.muted}>
            {t('adminOrders.confirmedNote', { date: formatDateTime(order.confirmedAt, lang) })}
          </p>
        )
      )}

      <section className={styles.actions} aria-labelledby="order-actions-title">
        <h2 id="order-actions-title" className="visually-hidden">
          {t('adminOrders.actions')}
        </h2>
        {steps.length === 0 ? (
          <p className={styles.muted}>{t('adminOrders.nothingToDo')}</p>
        ) : (
          steps.map((name) => (
            <button
              key={name}
              type="button"
              className={
                name === 'cancel' ||
                name === 'refund' ||
                name === 'return' ||
                (name === 'ship' && steps.includes('shipment'))
                  ? button.secondary
                  : button.primary
              }
              onClick={() => setStep(name)}
            >
              {t(`adminOrders.${name}.button`)}
            </button>
          ))
        )}
      </section>

      <div className={styles.columns}>
        <div className={styles.main}>
          <section className={styles.card} aria-labelledby="order-lines-title">
            <h2 id="order-lines-title" className={styles.cardTitle}>
              {t('adminOrders.lines')}
            </h2>
            <ul className={styles.lines}>
              {order.items.map((item) => (
                <li key={item.id} className={styles.line}>
                  {item.imageUrl ? <img src={item.imageUrl} alt="" width={48} height={60} /> : <span />}
                  <div>
                    <Link to={`/product/${item.productId}`} className={styles.lineName}>
                      {itemNameIn(item, lang)}
                    </Link>
                    <p className={styles.muted}>
                      {t('adminOrders.lineDetail', {
                        color: colorNameIn(item, lang),
                        size: item.size,
                        quantity: item.quantity,
                        price: money(item.unitPrice),
                      })}
                    </p>
                  </div>
                  <span className={styles.amount}>{money(lineAmount(item.unitPrice, item.quantity))}</span>
                </li>
              ))}
            </ul>
            <dl className={styles.totals}>
              <Row label={t('adminOrders.totals.subtotal')} value={money(order.subtotal)} />
              {order.discount && (
                <Row
                  label={t('adminOrders.totals.discount', { code: order.discount.code })}
                  value={
                    order.discount.amount > 0
                      ? `−${money(order.discount.amount)}`
                      : t('adminOrders.totals.freeDeliveryCode')
                  }
                />
              )}
              <Row label={t('adminOrders.totals.delivery')} value={money(order.deliveryCost)} />
              {order.codFee > 0 && <Row label={t('adminOrders.totals.codFee')} value={money(order.codFee)} />}
              <Row label={t('adminOrders.totals.total')} value={money(order.total)} strong />
              {order.refunded > 0 && <Row label={t('adminOrders.totals.refunded')} value={money(-order.refunded)} />}
            </dl>
          </section>

          <Timeline order={order} lang={lang} />
        </div>

        <div className={styles.side}>
          <section className={styles.card} aria-labelledby="order-customer-title">
            <h2 id="order-customer-title" className={styles.cardTitle}>
              {t('adminOrders.customer')}
            </h2>
            {order.customer ? (
              <p className={styles.block}>
                {order.customer.name}
                <br />
                <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
              </p>
            ) : (
              <p className={styles.muted}>{t('adminOrders.noAccount')}</p>
            )}
          </section>

          <section className={styles.card} aria-labelledby="order-delivery-title">
            <h2 id="order-delivery-title" className={styles.cardTitle}>
              {t('adminOrders.delivery.title')}
            </h2>
            {order.delivery ? (
              <>
                <p className={styles.muted}>{t(`adminOrders.delivery.${order.delivery.method}`)}</p>
                <address className={styles.block}>
                  {order.delivery.name}
                  <br />
                  <a href={`tel:${order.delivery.phone.replace(/[^\d+]/g, '')}`}>{order.delivery.phone}</a>
                  <br />
                  {order.delivery.method === 'office' ? order.delivery.office : order.delivery.line1}
                  <br />
                  {order.delivery.postcode} {order.delivery.city}, {order.delivery.country}
                </address>
                {order.delivery.note && (
                  <p className={styles.note}>{t('adminOrders.delivery.note', { note: order.delivery.note })}</p>
                )}
              </>
            ) : (
              <p className={styles.muted}>{t('adminOrders.delivery.none')}</p>
            )}
          </section>

          {order.tracking && (
            <section className={styles.card} aria-labelledby="order-tracking-title">
              <h2 id="order-tracking-title" className={styles.cardTitle}>
                {t('adminOrders.tracking.title')}
              </h2>
              <p className={styles.block}>
                {carrierNameIn(order.tracking.carrier, lang)}: {order.tracking.number}
              </p>
              {order.tracking.url && (
                <a href={order.tracking.url} target="_blank" rel="noreferrer noopener">
                  {t('adminOrders.tracking.open')}
                </a>
              )}
              {order.tracking.labelUrl && <PrintLabel orderId={order.id} trackingNumber={order.tracking.number} />}
            </section>
          )}

          <WithdrawalCard
            order={order}
            lang={lang}
            onRefund={(amount) => {
              setRefundAmount(amount);
              setStep('refund');
            }}
          />
          {children}
        </div>
      </div>

      {step && (
        <OrderStepDialog
          order={order}
          step={step}
          lang={lang}
          amount={step === 'refund' ? refundAmount : undefined}
          onClose={() => {
            setStep(null);
            setRefundAmount(undefined);
          }}
        />
      )}
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? styles.strong : undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Timeline({ order, lang }: { order: AdminOrder; lang: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title" className={styles.cardTitle}>
        {t('adminOrders.timeline')}
      </h2>
      <ol className={styles.timeline}>
        {order.events.map((event, index) => (
          <li key={`${event.type}-${index}`}>
            <span className={styles.event}>
              {event.type === 'refunded' && event.amount !== undefined
                ? t('adminOrders.events.refundedAmount', { amount: formatMoney(event.amount, lang, order.currency) })
                : t(`adminOrders.events.${event.type}`)}
            </span>
            <time dateTime={event.at} className={styles.muted}>
              {formatDateTime(event.at, lang)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
