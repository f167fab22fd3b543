import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { useSettings } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import { useQuote } from '../../../lib/use-quote';
import { cheapestMethod } from '../lib/cheapest-delivery';
import styles from './cart-view.module.css';

/**
 * What delivery will cost the cart, as the server quotes it (POST /checkout/quote, the checkout's
 * one source of totals): the cheapest way offered (address, office or locker; issue 45), or free from the threshold, and how much
 * more makes it free. `cartVersion` changes with the cart, so the quote is asked again. Nothing
 * until the settings and the quote have arrived.
 */
export function CartDelivery({ cartVersion }: { cartVersion: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const settings = useSettings().data;
  const { quote } = useQuote(
    settings ? { deliveryMethod: cheapestMethod(settings.delivery), paymentMethod: 'card' } : null,
    cartVersion,
  );
  if (!settings || !quote) return null;
  const money = (amount: number) => formatMoney(amount, lang, settings.currency);
  return (
    <>
      <p className={styles.row} data-testid="cart-delivery">
        {quote.deliveryCost === 0
          ? t('cart.deliveryFree')
          : t('cart.deliveryFrom', { amount: money(quote.deliveryCost) })}
      </p>
      {quote.freeDeliveryRemaining !== null && (
        <p className={styles.note}>{t('cart.toFreeDelivery', { amount: money(quote.freeDeliveryRemaining) })}</p>
      )}
    </>
  );
}
