import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '@shop/contract';
import { StateMessage } from '../../../components/state-message/state-message';
import { formatMoney } from '../../../lib/money';
import { useLanguage } from '../../../lib/use-language';
import { useStartCheckout } from '../api/create-checkout-session';
import { useCheckoutCart } from '../api/get-checkout-cart';
import { useCheckoutInfo } from '../api/get-checkout-info';
import { SummaryLine } from './summary-line';
import button from '../../../components/button/button.module.css';
import styles from './checkout-view.module.css';

/** A line without a price counts as 0 (the spec). */
const lineTotal = (item: CartItem) => (Number.isFinite(item.price) ? item.price : 0) * item.quantity;

/**
 * The checkout page: the cart as an order summary and the pay button, which opens a payment
 * session on the server and sends the browser to the provider's page.
 */
export function CheckoutView({ token }: { token: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const info = useCheckoutInfo();
  const { items, hasLoaded } = useCheckoutCart(token);
  const { start, processing } = useStartCheckout(items.length);
  const total = items.reduce((sum, item) => sum + lineTotal(item), 0);
  const provider = info?.provider ?? 'unknown';

  if (!hasLoaded) {
    return (
      <div className={styles.loading} role="status">
        <span className="visually-hidden">{t('checkout.loading')}</span>
        <div className={styles.skeleton} aria-hidden="true" />
      </div>
    );
  }

  return (
    <div className={styles.layout}>
      <section className={styles.summary} aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title" className={styles.sectionTitle}>
          {t('checkout.summaryTitle')}
        </h2>
        {items.length === 0 ? (
          <StateMessage kind="empty" title={t('checkout.empty')}>
            <Link to="/clothing" className={button.primary}>
              {t('checkout.continueShopping')}
            </Link>
          </StateMessage>
        ) : (
          <ul className={styles.lines}>
            {items.map((item) => (
              <SummaryLine
                key={item.cartItemId}
                imageUrl={item.imageUrl}
                name={item.name}
                colorName={item.colorName}
                size={item.selectedSize}
                quantity={item.quantity}
                unitPrice={item.price}
                currency={info?.currency}
                lang={lang}
              />
            ))}
          </ul>
        )}
      </section>

      <aside className={styles.panel} aria-labelledby="checkout-pay-title">
        <h2 id="checkout-pay-title" className={styles.panelTitle}>
          {t('checkout.payTitle')}
        </h2>
        <p className={styles.total}>
          <span>{t('checkout.total')}</span>
          <span data-testid="checkout-total">{formatMoney(total, lang, info?.currency)}</span>
        </p>
        <button
          type="button"
          className={`${button.light} ${button.block}`}
          onClick={() => void start()}
          disabled={processing || items.length === 0}
          aria-busy={processing}
        >
          {processing ? t('checkout.processing') : t(`checkout.pay.${provider}`)}
        </button>
        <p className={styles.note}>{t(`checkout.note.${provider}`)}</p>
        <p className={styles.cards}>{t('checkout.cards')}</p>
        <Link to="/cart" className={styles.back}>
          {t('checkout.backToCart')}
        </Link>
      </aside>
    </div>
  );
}
