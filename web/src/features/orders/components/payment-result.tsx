import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language';
import { isCartKey } from '../../../lib/swr-keys';
import { ordersKey } from '../api/get-orders';
import { useOrderBySession } from '../api/get-order-by-session';
import { useOrder } from '../api/get-order';
import { OrderCard } from './order-card';
import button from '../../../components/button/button.module.css';
import styles from './payment-result.module.css';

interface PaymentResultProps {
  kind: 'success' | 'cancelled';
  /** `session_id` of the return URL; the order is shown when it belongs to this shopper. */
  sessionId: string | null;
  /** `order_id` of a cash-on-delivery order's result URL (it has no payment session). */
  orderId?: number | null;
}

/** Where the payment provider sends the shopper back: the spec's texts, then the order itself. */
export function PaymentResult({ kind, sessionId, orderId = null }: PaymentResultProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { mutate } = useSWRConfig();
  const bySession = useOrderBySession(sessionId);
  const byId = useOrder(sessionId ? null : orderId);
  const order = bySession.order ?? byId.order;
  const { waiting, token } = bySession;
  // Cash on delivery: placed at once, nothing paid yet.
  const placed = order ? order.status === 'placed' : !sessionId && orderId !== null;
  const done = order?.status === 'paid' || order?.status === 'placed';

  // A confirmed payment or a placed order took the bought lines off the cart: every cart view shows it at once.
  useEffect(() => {
    if (!done) return;
    void mutate(isCartKey);
    void mutate(ordersKey(token));
  }, [done, mutate, token]);

  const success = kind === 'success';
  // Nothing to pay (a code took it all): paid at once, with no payment page to thank for.
  const nothingDue = order?.status === 'paid' && order.total === 0;
  const successTitle = placed
    ? t('checkout.result.placedTitle')
    : nothingDue
      ? t('checkout.result.nothingDueTitle')
      : t('checkout.result.successTitle');
  const successText = placed
    ? t('checkout.result.placedText')
    : nothingDue
      ? t('checkout.result.nothingDueText')
      : t('checkout.result.successText');
  return (
    <div className={styles.page}>
      <header className={styles.hero} data-kind={kind}>
        <span className={styles.mark} aria-hidden="true" />
        <h1 className={styles.title}>{success ? successTitle : t('checkout.result.cancelledTitle')}</h1>
        <p className={styles.lead}>{success ? successText : t('checkout.result.cancelledText')}</p>
        {!success && <p className={styles.aside}>{t('checkout.result.cartIntact')}</p>}
        <div className={styles.actions}>
          {success ? (
            <>
              <Link to="/my-order" className={button.primary}>
                {t('checkout.result.viewOrders')}
              </Link>
              <Link to="/clothing" className={button.secondary}>
                {t('checkout.continueShopping')}
              </Link>
            </>
          ) : (
            <>
              <Link to="/cart" className={button.primary}>
                {t('checkout.backToCart')}
              </Link>
              <Link to="/clothing" className={button.secondary}>
                {t('checkout.continueShopping')}
              </Link>
            </>
          )}
        </div>
      </header>

      {order && (
        <section className={styles.order} aria-label={t('checkout.result.orderLabel')}>
          {success && order.status === 'pending' && (
            <p className={styles.waiting} role="status">
              {waiting ? t('checkout.result.confirming') : t('checkout.result.stillWaiting')}
            </p>
          )}
          <OrderCard order={order} lang={lang} link />
        </section>
      )}
    </div>
  );
}
