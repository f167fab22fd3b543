import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { CartItem } from '@shop/contract';
import { LoadingBlocks } from '../../../components/loading-blocks/loading-blocks';
import { StateMessage } from '../../../components/state-message/state-message';
import { SummaryLayout, SummaryLines, SummaryPanel, SummaryTotal } from '../../../components/summary/summary';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { useLanguage } from '../../../lib/use-language';
import { useStartCheckout } from '../api/create-checkout-session';
import { useCheckoutCart } from '../api/get-checkout-cart';
import { useCheckoutInfo } from '../api/get-checkout-info';
import { CHECKOUT_FAILED } from '../lib/checkout-errors';
import { SummaryLine } from './summary-line';
import button from '../../../components/button/button.module.css';
import styles from './checkout-view.module.css';

/** A line without a price counts as 0 (the spec). */
const lineTotal = (item: CartItem) => (Number.isFinite(item.price) ? item.price : 0) * item.quantity;

/**
 * The checkout page: the cart as an order summary and the pay button, which opens a payment
 * session on the server and sends the browser to the provider's page.
 */
export function CheckoutView() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const info = useCheckoutInfo();
  const { items, hasLoaded } = useCheckoutCart();
  const { start, processing } = useStartCheckout(items.length);
  const total = items.reduce((sum, item) => sum + lineTotal(item), 0);
  const provider = info?.provider ?? 'unknown';

  /** Spec section 8, Checkout: every failure is a toast, and is logged. */
  async function pay() {
    const result = await start();
    switch (result.kind) {
      case 'empty':
        toast.error(t('checkout.cartEmpty'));
        break;
      case 'failed': {
        console.warn('checkout failed', result.error);
        // Logged out meanwhile is news, not a fault.
        const show = isApiError(result.error) && result.error.code === 'UNAUTHORIZED' ? toast.info : toast.error;
        show(errorText(result.error, CHECKOUT_FAILED));
        break;
      }
      case 'redirectFailed':
        console.warn('redirect to payment failed', result.error);
        toast.error(t('checkout.redirectFailed'));
        break;
    }
  }

  if (!hasLoaded) {
    return <LoadingBlocks label={t('checkout.loading')} count={1} blockClassName={styles.skeleton} />;
  }

  return (
    <SummaryLayout wide>
      <section aria-labelledby="checkout-summary-title">
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
          <SummaryLines>
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
          </SummaryLines>
        )}
      </section>

      <SummaryPanel title={t('checkout.payTitle')}>
        <SummaryTotal
          label={t('checkout.total')}
          amount={formatMoney(total, lang, info?.currency)}
          testId="checkout-total"
          framed
        />
        <button
          type="button"
          className={`${button.light} ${button.block}`}
          onClick={() => void pay()}
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
      </SummaryPanel>
    </SummaryLayout>
  );
}
